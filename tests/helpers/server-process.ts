import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now, so PUBLIC_ORIGIN (used in mailed links) can name it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Resident memory of the process in bytes, from /proc. */
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * `npm start`'s server (server/src/main.ts) as its own operating-system process, with exactly
 * the environment given (plus PATH and HOME): what a newcomer's default start or a second
 * production process does, which an in-process server cannot show (bind address, memory).
 */
export async function startServerProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RATES_URL: 'http://127.0.0.1:9/unreachable', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!output.includes('Curio is running')) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => output,
    async rssBytes() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
      return kilobytes * 1024;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
