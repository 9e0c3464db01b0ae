import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { startServerProcess } from '../../helpers/server-process.ts';
import { openDatabase } from '../../../server/src/db/database.ts';
import { EmbeddedDatabaseInUseError } from '../../../server/src/db/embedded-lock.ts';

/**
 * One process owns an embedded database's folder: a second server, or a maintenance script run
 * beside a live server, is refused with a message naming the holder, instead of writing over the
 * pages the first one holds in memory.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let root: string;

test.beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'curio-embedded-lock-'));
});
test.afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('the embedded database belongs to one process', () => {
  test('a second open of the same folder is refused until the first closes', async () => {
    const dataDir = path.join(root, 'in-process', 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(EmbeddedDatabaseInUseError);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.close();
  });

  test('a lock left by a process that is gone does not keep the database shut', async () => {
    const dataDir = path.join(root, 'stale', 'pglite');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await mkdir(path.dirname(dataDir), { recursive: true });
    await writeFile(`${dataDir}.lock`, String(gone));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.close();
  });

  test('admin:create beside a running server is refused and names it; with the server stopped it works, the password from ADMIN_PASSWORD', async () => {
    const dataDir = path.join(root, 'server');
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTO_SEED: 'false' });
    try {
      const refused = await run(['scripts/admin-create.ts', '--email', 'lock-admin@example.test'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'lock-admin-pass' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by process ${server.pid}`);

      const migrate = await run(['server/src/db/migrate-cli.ts'], { DATA_DIR: dataDir });
      expect(migrate.code).toBe(1);
      expect(migrate.stderr.trim().split('\n')).toEqual([expect.stringContaining(`is in use by process ${server.pid}`)]);

      const second = await run(['server/src/main.ts'], { DATA_DIR: dataDir, PORT: '0', AUTO_SEED: 'false', NODE_ENV: 'production' });
      expect(second.code).toBe(1);
      expect(second.stdout).toContain(`is in use by process ${server.pid}`);
    } finally {
      await server.stop();
    }
    const created = await run(['scripts/admin-create.ts', '--email', 'lock-admin@example.test'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'lock-admin-pass' });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^lock-admin@example\.test: account created, granted admin/);
    expect(created.stdout + created.stderr).not.toContain('lock-admin-pass');
  });
});
