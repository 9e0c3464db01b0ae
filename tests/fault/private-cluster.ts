import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { loadConfig } from '../../server/src/config.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';

/**
 * A PostgreSQL cluster of the test's own, so a test can restart "the database" without
 * disturbing the shared server every other test file is using. Built from the machine's
 * PostgreSQL binaries (Debian keeps them in /usr/lib/postgresql/<version>/bin); when run as
 * root, the cluster runs as the `postgres` system user, since PostgreSQL refuses to run as root.
 */
export interface PrivateCluster {
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): void;
  /** `pg_ctl stop -m fast`, keeping the data: the database is down until resume(). */
  pause(): void;
  resume(): void;
  stop(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (!binDir()) return 'PostgreSQL server binaries not found under /usr/lib/postgresql';
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres system user to run the cluster as';
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const asRoot = userInfo().uid === 0;
  const dataDir = mkdtempSync('/tmp/curio-pg-');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dataDir, uid, gid);
  }
  // No pipes: the postmaster pg_ctl starts would inherit them, and execFileSync would wait for
  // them to close until the cluster stops. Its output goes to server.log instead.
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    execFileSync(command[0] as string, command[1] as string[], { stdio: 'ignore', timeout: 60_000 });
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'root', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=60`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-w', '-l', path.join(dataDir, 'server.log'), 'start']);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'root', 'curio']);
  return {
    url: `postgres://root@127.0.0.1:${port}/curio`,
    restart: () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dataDir, 'server.log'), '-m', 'fast', '-w', 'restart']),
    pause: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: () => run('pg_ctl', ['-D', dataDir, '-o', options, '-w', '-l', path.join(dataDir, 'server.log'), 'start']),
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface ServerOnPrivateCluster {
  cluster: PrivateCluster;
  running: RunningServer;
  /** Stops the server, then the cluster (removing its files). */
  stop(): Promise<void>;
}

/** A private cluster with a server on it (no hourly jobs): a fault test's whole world. */
export async function startServerOnPrivateCluster(): Promise<ServerOnPrivateCluster> {
  const cluster = await startPrivateCluster();
  try {
    const running = await startServer({ ...loadConfig({}), databaseUrl: cluster.url, port: 0, host: '127.0.0.1', autoSeed: false }, { jobs: false });
    return {
      cluster,
      running,
      async stop() {
        await running.close();
        cluster.stop();
      },
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}
