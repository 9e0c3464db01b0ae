import { TRPCError } from '@trpc/server';
import { API_TOKEN_SCOPES, scopeNeeded, type ApiTokenScope } from '@curio/shared';
import { toAppErrorData } from '../../server/src/trpc/error-formatter.ts';
import { appRouter } from '../../server/src/trpc/app-router.ts';
import type { ProcedureMeta } from '../../server/src/trpc/init.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../helpers/services.ts';
import { insertTestUser, type TestUser } from '../helpers/users.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';
import { PUBLIC, tableCounts } from './support.ts';

/**
 * The authorization matrix's token-scope dimension (ADR 0044). Every procedure of the router,
 * admin.* included, is called through an API token, the way a script calls it:
 *
 *  - with every scope but the one its access level needs for its kind of call: refused with
 *    TOKEN_SCOPE_MISSING (SESSION_REQUIRED for browser-only procedures), before its input is
 *    read, and nothing changes;
 *  - with only that scope: not refused for the scope (it may still refuse the input).
 *
 * The caller is an admin, so an admin's token without the admin scope is shown to be refused by
 * every admin procedure. Which access level each procedure has is checked against lists here,
 * so moving a procedure to a weaker builder fails this test.
 */

type Kind = 'query' | 'mutation' | 'subscription';
/** 'ok', or the refusal's app code. */
type Outcome = string;

/** Money leaving an account: the wallet scope (verifiedMemberProcedure). */
const WALLET = ['wallet.transfer', 'wallet.createWithdrawal', 'points.redemption.create', 'orders.tips.send'];
/** A browser session only: minting or widening tokens. */
const SESSION_ONLY = ['auth.apiTokens.create', 'auth.apiTokens.setWallet'];

interface Procedure {
  path: string;
  type: Kind;
  access: ProcedureMeta['access'];
}

function procedures(): Procedure[] {
  const all = appRouter._def.procedures as unknown as Record<string, { _def: { type: Kind; meta?: ProcedureMeta } }>;
  return Object.entries(all).map(([path, procedure]) => ({ path, type: procedure._def.type, access: procedure._def.meta?.access ?? 'public' }));
}

let services: TestServices;
let holder: TestUser;

test.beforeAll(async ({ services: fileServices }) => {
  services = fileServices;
  holder = await insertTestUser(services.db, { nickname: 'scripter', admin: true });
  await fund(services.db, holder.id, 'usdn', 1_000_000);
  await fund(services.db, holder.id, 'points', 100_000);
});

async function callAs(scopes: readonly ApiTokenScope[], procedure: Procedure): Promise<Outcome> {
  let target: unknown = await callerFor(services, holder.id, { tokenScopes: scopes });
  for (const part of procedure.path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    // an empty object: the scope check runs before the input is parsed, so it answers first
    const result = await (target as (input: unknown) => Promise<unknown>)({});
    if (procedure.type === 'subscription' && result && typeof result === 'object' && Symbol.asyncIterator in result) {
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
    }
    return 'ok';
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return toAppErrorData(error).code;
  }
}

describe('API token scopes across the whole router', () => {
  test('every procedure has the access level the lists say', () => {
    for (const procedure of procedures()) {
      const expected = PUBLIC.includes(procedure.path)
        ? 'public'
        : procedure.path.startsWith('admin.')
          ? 'admin'
          : WALLET.includes(procedure.path)
            ? 'wallet'
            : SESSION_ONLY.includes(procedure.path)
              ? 'session'
              : 'member';
      expect(procedure.access, procedure.path).toBe(expected);
    }
  });

  test('a token without the scope a procedure needs is refused before anything runs; with it, it is let through', async () => {
    const figures = { refused: 0, letThrough: 0 };
    for (const procedure of procedures()) {
      if (procedure.access === 'public') continue;
      const before = await tableCounts(services.db);
      if (procedure.access === 'session') {
        expect(await callAs(API_TOKEN_SCOPES, procedure), procedure.path).toBe('SESSION_REQUIRED');
        expect(await tableCounts(services.db), procedure.path).toEqual(before);
        figures.refused++;
        continue;
      }
      const needed = scopeNeeded(procedure.access, procedure.type);
      const others = API_TOKEN_SCOPES.filter((scope) => scope !== needed);
      expect(await callAs(others, procedure), `${procedure.path} without ${needed}`).toBe('TOKEN_SCOPE_MISSING');
      expect(await tableCounts(services.db), procedure.path).toEqual(before);
      figures.refused++;
      const withIt = await callAs(needed === 'read' ? ['read'] : ['read', needed], procedure);
      expect(['TOKEN_SCOPE_MISSING', 'SESSION_REQUIRED', 'LOGIN_REQUIRED'], `${procedure.path} with ${needed}: ${withIt}`).not.toContain(withIt);
      figures.letThrough++;
    }
    console.log(`[token scopes] ${figures.refused} procedures refused a token lacking their scope; ${figures.letThrough} let one holding it through`);
    expect(figures.refused).toBeGreaterThan(100);
  });
});
