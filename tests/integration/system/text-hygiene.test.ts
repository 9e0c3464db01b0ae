import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RunningServer } from '../../../server/src/server.ts';
import { createSession } from '../../../server/src/domain/accounts/sessions.ts';
import { appRouter } from '../../../server/src/trpc/app-router.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fundPoints, listingInput } from '../listings/support.ts';

/**
 * One text hygiene rule for everything people type (ADR 0026): every string a procedure takes
 * is NFC, refuses control characters with TEXT_CONTROL_CHARACTER (never a 500), and names and
 * titles lose bidi overrides and zero-width characters.
 */

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  keyType?: Schema;
  valueType?: Schema;
  left?: Schema;
  right?: Schema;
  items?: Schema[];
  getter?: () => Schema;
}
type Schema = z.ZodType & { _zod: { def: Def } };

interface Leaf {
  path: string;
  schema: Schema;
  /** uuid, e-mail and other formats refuse a NUL on their own. */
  formatChecked: boolean;
}

function isFormatString(def: Def): boolean {
  return def.type === 'string' && (Boolean(def.format) || (def.checks ?? []).some((c) => c._zod.def.check === 'string_format'));
}

/** Every place a string enters an input schema, with the schema that parses it. */
function stringLeaves(schema: Schema, path: string, out: Leaf[], seen = new Set<Schema>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      out.push({ path, schema, formatChecked: isFormatString(def) });
      break;
    case 'pipe':
      if (def.in!._zod.def.type === 'string') out.push({ path, schema, formatChecked: isFormatString(def.out!._zod.def) || isFormatString(def.in!._zod.def) });
      else {
        stringLeaves(def.in!, path, out, seen);
        stringLeaves(def.out!, path, out, seen);
      }
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? {})) stringLeaves(child, `${path}.${key}`, out, seen);
      break;
    case 'array':
      stringLeaves(def.element!, `${path}[]`, out, seen);
      break;
    case 'union':
      def.options!.forEach((option, i) => stringLeaves(option, `${path}|${i}`, out, seen));
      break;
    case 'intersection':
      stringLeaves(def.left!, path, out, seen);
      stringLeaves(def.right!, path, out, seen);
      break;
    case 'record':
      stringLeaves(def.keyType!, `${path}{key}`, out, seen);
      stringLeaves(def.valueType!, `${path}{}`, out, seen);
      break;
    case 'tuple':
      def.items!.forEach((item, i) => stringLeaves(item, `${path}[${i}]`, out, seen));
      break;
    case 'lazy':
      stringLeaves(def.getter!(), path, out, seen);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      stringLeaves(def.innerType!, path, out, seen);
      break;
    default:
      break;
  }
  return out;
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: Schema[] } }>);
const leaves = procedures.flatMap(([name, procedure]) => procedure._def.inputs.flatMap((input) => stringLeaves(input, name, [])));

describe('every string input of every procedure', () => {
  test('the walk finds them', () => {
    expect(leaves.length).toBeGreaterThan(60);
    expect(leaves.map((leaf) => leaf.path)).toEqual(expect.arrayContaining(['chat.send.content', 'profile.update.nickname', 'marketplace.feed.page.q']));
  });

  test('refuses a NUL byte with TEXT_CONTROL_CHARACTER, or by its format', () => {
    const lax = leaves.filter(({ schema, formatChecked }) => {
      const result = schema.safeParse('ok\u0000ok');
      if (result.success) return true;
      return !formatChecked && result.error.issues[0]?.message !== 'TEXT_CONTROL_CHARACTER';
    });
    expect(
      lax.map((leaf) => leaf.path),
      'use zText() or zName() from shared/src/schemas/common.ts',
    ).toEqual([]);
  });
});

describe('over HTTP', () => {
  let db: TestDatabase;
  let services: TestServices;
  let running: RunningServer;
  let cookie: string;
  let memberId: string;

  test.beforeAll(async ({ db: fileDb, services: fileServices, server, member }) => {
    db = fileDb;
    services = fileServices;
    running = server;
    memberId = (await member({ nickname: 'hygiene' })).id;
    cookie = `curio_session=${(await createSession(db.db, services.clock, memberId)).token}`;
  });

  async function call(path: string, input: unknown, type: 'query' | 'mutation') {
    const encoded = JSON.stringify({ json: input });
    const response =
      type === 'query'
        ? await fetch(`${running.url}/trpc/${path}?input=${encodeURIComponent(encoded)}`, { headers: { cookie } })
        : await fetch(`${running.url}/trpc/${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: encoded });
    const body = (await response.json()) as { error?: { json: { data: { appError: { code: string } } } } };
    return { status: response.status, code: body.error?.json.data.appError.code };
  }

  test.each([
    { what: 'a feed search', path: 'marketplace.feed.page', type: 'query' as const, input: () => ({ q: 'tea\u0000pot' }) },
    { what: 'a nickname', path: 'profile.update', type: 'mutation' as const, input: () => ({ nickname: 'bad\u0000name' }) },
    {
      what: 'a chat message',
      path: 'chat.send',
      type: 'mutation' as const,
      input: () => ({ peerId: memberId, content: 'hi\u0000there', clientId: randomUUID() }),
    },
  ])('a NUL byte in $what answers 400 TEXT_CONTROL_CHARACTER and stores nothing', async ({ path, type, input }) => {
    const before = await db.db.selectFrom('messages').select('id').execute();
    const answer = await call(path, input(), type);
    expect(answer).toEqual({ status: 400, code: 'TEXT_CONTROL_CHARACTER' });
    expect(await db.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length);
    const profile = await db.db.selectFrom('profiles').select('nickname').where('user_id', '=', memberId).executeTakeFirstOrThrow();
    expect(profile.nickname).toBe('hygiene');
  });

  test('U+202E and U+200B are gone from a stored nickname and listing title', async () => {
    const api = await callerFor(services, memberId);
    await api.profile.update({ nickname: 'Tom\u202Eevil\u200B' });
    const profile = await db.db.selectFrom('profiles').select('nickname').where('user_id', '=', memberId).executeTakeFirstOrThrow();
    expect(profile.nickname).toBe('Tomevil');

    await fundPoints(services, memberId, 5);
    const created = await api.marketplace.listings.create(listingInput({ title: 'Ming\u202E vase\u200B' }));
    const listing = await db.db.selectFrom('listings').select('title').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(listing.title).toBe('Ming vase');
  });

  test('text is stored in NFC: the same word typed two ways is one string', async () => {
    const api = await callerFor(services, memberId);
    await api.profile.update({ nickname: 'Jose\u0301' });
    const profile = await db.db.selectFrom('profiles').select('nickname').where('user_id', '=', memberId).executeTakeFirstOrThrow();
    expect(profile.nickname).toBe('Jos\u00E9');
  });

  test('a member may not take a staff or brand name; the check is the shared one', async () => {
    const api = await callerFor(services, memberId);
    for (const nickname of ['Admin', 'ＣＵＲＩＯ', 'Curio客服', 'support_team', 'аdmin']) {
      await expect(api.profile.update({ nickname }), nickname).rejects.toMatchObject({ message: 'NICKNAME_RESERVED' });
    }
    await api.profile.update({ nickname: 'badminton fan' });
  });
});
