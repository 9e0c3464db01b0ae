import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { ZCreateListingInput } from '@curio/shared';
import type { Database } from '../../../server/src/db/schema.ts';
import { publishListing } from '../../../server/src/domain/listings/publish-listing.ts';
import { buyListing } from '../../../server/src/domain/orders/purchase-listing.ts';
import { sendUsdnTransfer } from '../../../server/src/domain/wallet/transfer-usdn.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { storedUpload } from '../../helpers/uploads.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs `npm run drill:restore` as an operator would, with only the given database settings. */
function runDrill(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|DATA_DIR|S3_.*)$/.test(name)));
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/restore-drill.ts'], { cwd: root, env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

function drillDatabaseOf(output: string): string {
  const name = /create database\s+\S+\s+(curio_restore_drill_\w+)/.exec(output)?.[1];
  if (!name) throw new Error(`the drill named no database:\n${output}`);
  return name;
}

async function databaseExists(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = ${name}) AS found`.execute(db);
  return rows[0]!.found;
}

test('the drill refuses the embedded database and says how to back it up', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'curio-restore-drill-embedded-'));
  try {
    const result = await runDrill({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/needs PostgreSQL: set DATABASE_URL/);
    expect(result.output).toContain(`stopping the server and copying ${dataDir}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

if (!onRealPostgres()) console.warn(`[ops/restore-drill] skipped: ${NEEDS_POSTGRES}`);

describe.skipIf(!onRealPostgres())('npm run drill:restore (real PostgreSQL)', () => {
  test('restores a backup of real activity: ledger consistent, rows and uploads equal, drill database dropped', async ({ db, services, member }) => {
    const seller = await member({ points: 10 });
    const buyer = await member({ usdnCents: 10_000, points: 5 });
    const friend = await member();
    const image = await storedUpload(services, seller.id);
    const listing = ZCreateListingInput.parse({
      title: 'Brass pocket compass',
      description: 'A working brass compass from the 1930s.',
      category: 'goods',
      unit: 'piece',
      quantity: 2,
      priceCents: 2_500,
      images: [image],
    });
    const { id: listingId } = await publishListing(services, { ...listing, sellerId: seller.id });
    await buyListing(services, { buyerId: buyer.id, listingId, quantity: 1, idempotencyKey: randomUUID() });
    await sendUsdnTransfer(services, { senderId: buyer.id, email: friend.user.email, amount: 10, idempotencyKey: randomUUID() });

    const result = await runDrill({ DATABASE_URL: db.url!, DATA_DIR: services.config.dataDir });
    expect(result.output).not.toMatch(/FAIL/);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/ok\s+dump\s+\d+\.\d+s\s+\d+(\.\d)? k?B/);
    expect(result.output).toMatch(/ledger: \d+ accounts, \d+ transfers; sums usdn=0 points=0; 1 orders/);
    expect(result.output).toMatch(/ok: every currency sums to zero/);
    expect(result.output).toMatch(/ok\s+compare rows .* all equal/);
    expect(result.output).toMatch(/ok\s+verify uploads .* 1 files/);
    expect(result.output).toMatch(/restore drill passed/);
    expect(await databaseExists(db.db, drillDatabaseOf(result.output))).toBe(false);
  });

  test('a backup whose ledger is broken fails the drill with the ledger report, and still drops the drill database', async ({ db, member }) => {
    const victim = await member({ usdnCents: 700 });
    // the same tampering as the check-ledger script's test: a balance its transfers do not give
    await db.db.updateTable('ledger_accounts').set({ balance: 999 }).where('user_id', '=', victim.id).where('currency', '=', 'usdn').execute();

    const result = await runDrill({ DATABASE_URL: db.url! });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/FAIL\s+check ledger .*exited 1 on the restored database/);
    expect(result.output).toMatch(new RegExp(`usdn/user_available/${victim.id}\\) holds 999, its transfers give 700`));
    // the restore itself was faithful: the source is what is broken
    expect(result.output).toMatch(/ok\s+compare rows/);
    expect(result.output).toMatch(/restore drill FAILED in .*: check ledger/);
    expect(await databaseExists(db.db, drillDatabaseOf(result.output))).toBe(false);
  });
});
