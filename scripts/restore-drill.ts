/**
 * `npm run drill:restore`: proves that the PostgreSQL backup can be restored, by restoring it.
 * It dumps DATABASE_URL the way an operator backs it up (pg_dump --format=custom --no-owner
 * --no-privileges), restores the dump into a brand-new database on the same server, checks the
 * restored ledger with scripts/check-ledger.ts, compares the row count of every table with the
 * source, and drops the drill database again. When uploads are kept on local disk, DATA_DIR/uploads
 * is archived with tar and unpacked again to compare file names and sizes. Exit 0 only when every
 * step passes.
 *
 *   npm run drill:restore                     the dump goes to a temporary folder, removed after
 *   npm run drill:restore -- --keep <dir>     keeps the dump, the archive and the drill database
 *
 * The source is counted inside the snapshot that pg_dump reads (--snapshot), so a live server
 * writing during the drill cannot make the counts differ. Passwords never reach argv or output:
 * child processes get them as PGPASSWORD.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfigOrExit } from '../server/src/config.ts';
import { embeddedDatabaseDir } from '../server/src/db/database.ts';

const CHECK_LEDGER = fileURLToPath(new URL('./check-ledger.ts', import.meta.url));

/** A step that did not pass: its message is printed under the step's line. */
class StepFailed extends Error {}

let secret = '';
const failures: string[] = [];

/** Runs one step and prints one line for it: ok or FAIL, how long it took, what it found. */
async function step(name: string, action: () => Promise<string>): Promise<boolean> {
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(2)}s`.padStart(7);
  try {
    const [first, ...more] = (await action()).split('\n');
    console.log([`ok    ${name.padEnd(16)}${took()}  ${first}`, ...more.map((line) => `        ${line}`)].join('\n'));
    return true;
  } catch (error) {
    failures.push(name);
    const [first, ...more] = redact(error instanceof Error ? error.message : String(error)).split('\n');
    console.error([`FAIL  ${name.padEnd(16)}${took()}  ${first}`, ...more.map((line) => `        ${line}`)].join('\n'));
    return false;
  }
}

function redact(text: string): string {
  return secret ? text.replaceAll(secret, '***').replaceAll(encodeURIComponent(secret), '***') : text;
}

function urlOf(source: string, changes: { database?: string; password?: string }): string {
  const url = new URL(source);
  if (changes.database !== undefined) url.pathname = `/${changes.database}`;
  if (changes.password !== undefined) url.password = changes.password;
  return url.toString();
}

/** A connection URL safe for argv and logs: the password is taken out (and travels as PGPASSWORD). */
const withoutPassword = (url: string) => urlOf(url, { password: '' });
const masked = (url: string) => (new URL(url).password ? urlOf(url, { password: '***' }) : url);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
      const output = `${stdout}${stderr}`.trim() || (error?.message ?? '');
      resolve({ code, output });
    });
  });
}

async function mustRun(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { code, output } = await run(command, args, env);
  if (code !== 0) throw new StepFailed(`${path.basename(command)} exited ${code}\n${output}`);
  return output;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a dropped connection fails the running query, which is reported
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Row count of every table outside the system schemas, by "schema.table". */
async function countRows(client: pg.Client): Promise<Map<string, number>> {
  const tables = await client.query<{ schemaname: string; tablename: string }>(
    `SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const counts = new Map<string, number>();
  for (const { schemaname, tablename } of tables.rows) {
    const table = `${client.escapeIdentifier(schemaname)}.${client.escapeIdentifier(tablename)}`;
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${table}`);
    counts.set(`${schemaname}.${tablename}`, Number(rows[0]!.count));
  }
  return counts;
}

/** Regular files under `root` by relative path, with their sizes. */
async function filesUnder(root: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    // a .tmp is an upload still being written (renamed into place when complete); tar skips it too
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), (await stat(file)).size);
  }
  return files;
}

/** One line per entry whose value differs between the two maps; empty when they agree. */
function differences(what: string, expected: Map<string, number>, actual: Map<string, number>): string[] {
  const lines: string[] = [];
  for (const name of new Set([...expected.keys(), ...actual.keys()])) {
    const before = expected.get(name);
    const after = actual.get(name);
    if (before !== after) lines.push(`${name}: ${before ?? 'missing'} in the source, ${after ?? 'missing'} in the ${what}`);
  }
  return lines;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function drillDatabase(source: string, drillUrl: string, drillName: string, folder: string, onCreated: () => void): Promise<void> {
  const password = new URL(source).password;
  const pgEnv = password ? { PGPASSWORD: decodeURIComponent(password) } : {};
  const dumpFile = path.join(folder, 'curio.dump');

  // the snapshot stays open until the source is counted, so counts and dump see the same rows
  const snapshot = new pg.Client({ connectionString: source });
  snapshot.on('error', () => {});
  let sourceCounts = new Map<string, number>();
  let connected = false;
  try {
    const dumped = await step('dump', async () => {
      await snapshot.connect();
      connected = true;
      await snapshot.query('SET idle_in_transaction_session_timeout = 0');
      await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await snapshot.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      await mustRun(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.id}`, `--file=${dumpFile}`, `--dbname=${withoutPassword(source)}`],
        pgEnv,
      );
      return `${size((await stat(dumpFile)).size)}  ${dumpFile}`;
    });
    if (!dumped) return;
    const counted = await step('count source', async () => {
      sourceCounts = await countRows(snapshot);
      return `${sourceCounts.size} tables`;
    });
    if (!counted) return;
  } finally {
    if (connected) await snapshot.end();
  }

  const created = await step('create database', async () => {
    await withClient(source, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(drillName)} TEMPLATE template0`));
    onCreated();
    return drillName;
  });
  if (!created) return;

  const restored = await step('restore', async () => {
    await mustRun('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${withoutPassword(drillUrl)}`, dumpFile], pgEnv);
    return `into ${drillName}`;
  });
  if (!restored) return;

  await step('check ledger', async () => {
    const { code, output } = await run(process.execPath, [CHECK_LEDGER], { DATABASE_URL: drillUrl });
    if (code !== 0) {
      throw new StepFailed(
        `check-ledger exited ${code} on the restored database (npm run check:ledger on the source tells a broken backup from a broken source)\n${output}`,
      );
    }
    return `the restored ledger is consistent\n${output}`;
  });

  await step('compare rows', async () => {
    const restoredCounts = await withClient(drillUrl, countRows);
    const wrong = differences('restore', sourceCounts, restoredCounts);
    if (wrong.length > 0) throw new StepFailed(`${wrong.length} table(s) differ\n${wrong.join('\n')}`);
    const rows = [...sourceCounts.values()].reduce((sum, count) => sum + count, 0);
    return `${sourceCounts.size} tables, ${rows} rows, all equal`;
  });
}

async function drillUploads(uploads: string, folder: string): Promise<void> {
  const archive = path.join(folder, 'uploads.tar.gz');
  const archived = await step('archive uploads', async () => {
    await mustRun('tar', ['-czf', archive, '--exclude=*.tmp', '-C', path.dirname(uploads), path.basename(uploads)]);
    return `${size((await stat(archive)).size)}  ${archive}`;
  });
  if (!archived) return;
  await step('verify uploads', async () => {
    const unpacked = await mkdtemp(path.join(tmpdir(), 'curio-restore-drill-uploads-'));
    try {
      await mustRun('tar', ['-xzf', archive, '-C', unpacked]);
      const expected = await filesUnder(uploads);
      const wrong = differences('archive', expected, await filesUnder(path.join(unpacked, path.basename(uploads))));
      if (wrong.length > 0) throw new StepFailed(`${wrong.length} file(s) differ\n${wrong.join('\n')}`);
      const bytes = [...expected.values()].reduce((sum, one) => sum + one, 0);
      return `${expected.size} files, ${size(bytes)}, names and sizes equal`;
    } finally {
      await rm(unpacked, { recursive: true, force: true });
    }
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { keep: { type: 'string' } } });
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      `The restore drill needs PostgreSQL: set DATABASE_URL.\n` +
        `The embedded database (${embeddedDatabaseDir(config)}) is backed up by stopping the server and copying ${config.dataDir} as a whole.`,
    );
    return 1;
  }
  const source = config.databaseUrl;
  secret = decodeURIComponent(new URL(source).password);
  const keep = values.keep ? path.resolve(values.keep) : null;
  if (keep) await mkdir(keep, { recursive: true });
  const folder = keep ?? (await mkdtemp(path.join(tmpdir(), 'curio-restore-drill-')));
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const drillName = `curio_restore_drill_${stamp}_${randomBytes(3).toString('hex')}`;
  const drillUrl = urlOf(source, { database: drillName });
  const started = performance.now();
  console.log(`restore drill of ${masked(source)}`);

  let created = false;
  try {
    await drillDatabase(source, drillUrl, drillName, folder, () => (created = true));
    const uploads = path.join(config.dataDir, 'uploads');
    if (config.s3) console.log(`skip  uploads: they live in the bucket ${config.s3.bucket}, kept by its versioning and replication`);
    else if (existsSync(uploads)) await drillUploads(uploads, folder);
    else console.log(`skip  uploads: no ${uploads}`);
  } finally {
    if (created && !keep) {
      await step('drop database', async () => {
        await withClient(source, (client) => client.query(`DROP DATABASE ${client.escapeIdentifier(drillName)} WITH (FORCE)`));
        return drillName;
      });
    }
    if (!keep) await rm(folder, { recursive: true, force: true });
  }

  const total = `${((performance.now() - started) / 1000).toFixed(2)}s`;
  if (keep) console.log(`kept ${folder}${created ? ` and the database ${drillName} (dropdb ${drillName} when done)` : ''}`);
  if (failures.length > 0) {
    console.error(`restore drill FAILED in ${total}: ${failures.join(', ')}`);
    return 1;
  }
  console.log(`restore drill passed in ${total}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('restore drill failed to run:', redact(error instanceof Error ? error.message : String(error)));
    process.exitCode = 1;
  },
);
