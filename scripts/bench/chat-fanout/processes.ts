/** Child processes of the chat fan-out bench: start a Node entry, wait for READY, stop it. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  label: string;
  pid: number;
  port: number;
  child: ChildProcess;
  /** The last lines it printed, for the error message when something goes wrong. */
  recentOutput: string[];
  stop(): Promise<void>;
}

const KEEP_LINES = 40;

/**
 * Runs `node <entry>` (so the pid is the server's own Node process, whose
 * /proc/<pid>/status is the memory we report) with an IPC channel: if the bench dies without
 * stopping it, the channel closes and the child shuts itself down.
 */
export async function startChild(
  label: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  nodeArgs: string[] = [],
  readyTimeoutMs = 90_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const recentOutput: string[] = [];
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });

  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} not ready within ${readyTimeoutMs} ms:\n${recentOutput.join('\n')}`)), readyTimeoutMs);
    const onLine = (stream: 'out' | 'err') => (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        const ready = /^READY (\d+)$/.exec(line.trim());
        if (ready && stream === 'out') {
          clearTimeout(timer);
          resolve(Number(ready[1]));
          continue;
        }
        recentOutput.push(line);
        if (recentOutput.length > KEEP_LINES) recentOutput.shift();
        // a server's errors during the run are worth seeing as they happen
        if (stream === 'err' || /error|warn/i.test(line)) console.error(`[${label}] ${line}`);
      }
    };
    child.stdout?.on('data', onLine('out'));
    child.stderr?.on('data', onLine('err'));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before ready (code ${code}, signal ${signal}):\n${recentOutput.join('\n')}`));
    });
  });
  let port: number;
  try {
    port = await ready;
  } catch (error) {
    if (!exited) child.kill('SIGKILL');
    throw error;
  }

  return {
    label,
    pid: child.pid!,
    port,
    child,
    recentOutput,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 6_000);
      await exitPromise;
      clearTimeout(killTimer);
    },
  };
}
