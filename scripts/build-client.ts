/**
 * `node scripts/build-client.ts`: builds client/dist when it is missing or older than its
 * sources, and does nothing otherwise. `npm start` runs it before the server, so a start after
 * no client change serves the existing bundle at once; the browser tests call ensureClientBuilt.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLIENT_DIR = path.join(ROOT, 'client');
const CLIENT_DIST = path.join(CLIENT_DIR, 'dist');
const BUILT_MARKER = path.join(CLIENT_DIST, 'index.html');

/** Everything the client bundle is built from: a change in any of these makes client/dist stale. */
const CLIENT_INPUTS = [
  path.join(CLIENT_DIR, 'src'),
  path.join(CLIENT_DIR, 'public'),
  path.join(CLIENT_DIR, 'index.html'),
  path.join(CLIENT_DIR, 'vite.config.ts'),
  path.join(CLIENT_DIR, 'postcss.config.cjs'),
  path.join(CLIENT_DIR, 'package.json'),
  path.join(ROOT, 'shared', 'src'),
  // how it is built: a bundle made before a change here (such as its NODE_ENV) is rebuilt
  fileURLToPath(import.meta.url),
];

/** Both test workers (or a test run and `npm start`) may reach this at once; the lock lives outside the tree, keyed by checkout. */
const BUILD_LOCK = path.join(tmpdir(), `curio-client-build-${createHash('sha1').update(CLIENT_DIR).digest('hex').slice(0, 12)}.lock`);
/** A build takes seconds; a lock older than this was left by a killed process. */
const STALE_LOCK_MS = 5 * 60_000;

async function newestMtime(target: string): Promise<number> {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target)) {
    newest = Math.max(newest, await newestMtime(path.join(target, entry)));
  }
  return newest;
}

async function clientDistIsFresh(): Promise<boolean> {
  if (!existsSync(BUILT_MARKER)) return false;
  const built = (await stat(BUILT_MARKER)).mtimeMs;
  const sources = await Promise.all(CLIENT_INPUTS.map(newestMtime));
  return Math.max(...sources) <= built;
}

/** Left behind by a run that was killed mid-build: its process is gone, or it is far too old. */
async function buildLockIsAbandoned(): Promise<boolean> {
  const held = await stat(BUILD_LOCK).catch(() => null);
  if (!held) return false;
  if (Date.now() - held.mtimeMs > STALE_LOCK_MS) return true;
  const pid = Number(await readFile(path.join(BUILD_LOCK, 'pid'), 'utf8').catch(() => ''));
  // no pid yet: the holder is between creating the lock and writing its pid
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function acquireBuildLock(): Promise<() => Promise<void>> {
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      await mkdir(BUILD_LOCK);
      await writeFile(path.join(BUILD_LOCK, 'pid'), String(process.pid));
      return () => rm(BUILD_LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await buildLockIsAbandoned()) {
      await rm(BUILD_LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting for the client build lock ${BUILD_LOCK}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The build's environment: NODE_ENV production whoever asks for it. Vite keeps a NODE_ENV it finds
 * set, and vitest sets it to 'test', so a bundle built for the browser tests was React's
 * development build (about 70 KiB more gzipped, slower) that `npm start` then served as fresh.
 */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: BUILD_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code}:\n${output}`));
    });
  });
}

/**
 * Builds client/dist when it is missing or older than its sources. The bundle is written to a
 * scratch folder and swapped in, so a server of another test file never serves half a build.
 */
export async function ensureClientBuilt(): Promise<void> {
  if (await clientDistIsFresh()) return;
  const release = await acquireBuildLock();
  try {
    // the other worker may have built it while this one waited for the lock
    if (await clientDistIsFresh()) return;
    const startedAt = new Date();
    const scratch = path.join(CLIENT_DIR, 'node_modules', `.curio-build-${process.pid}`);
    const retired = path.join(CLIENT_DIR, 'node_modules', `.curio-old-dist-${process.pid}`);
    await mkdir(path.dirname(scratch), { recursive: true });
    try {
      console.log('[client] building the client (client/dist is missing or older than its sources)');
      await run('npx', ['vite', 'build', '--outDir', scratch, '--emptyOutDir', '--logLevel', 'warn'], CLIENT_DIR);
      // stamp with the start time: a source saved during the build still marks the bundle stale
      await utimes(path.join(scratch, 'index.html'), startedAt, startedAt);
      if (existsSync(CLIENT_DIST)) await rename(CLIENT_DIST, retired);
      await rename(scratch, CLIENT_DIST);
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await rm(retired, { recursive: true, force: true });
    }
  } finally {
    await release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureClientBuilt();
}
