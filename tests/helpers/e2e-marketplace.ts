import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { runInTransaction } from '../../server/src/db/transaction.ts';
import { publishBalanceChanges, transfer } from '../../server/src/domain/ledger/index.ts';
import type { E2EServer } from './e2e-server.ts';

export interface E2EMember {
  id: string;
  email: string;
}

/** The password every member made by signUpInPage has. */
export const E2E_PASSWORD = 'e2e-secret-123';

/**
 * Signs a new member up from inside the page and opens the verification link from the dev
 * outbox, so the session cookie lands in that page's browser context exactly as following the
 * mailed link would leave it.
 */
export async function signUpInPage(page: Page, label: string, extra: { referrerId?: string } = {}): Promise<E2EMember> {
  const email = `e2e-${label}-${randomBytes(4).toString('hex')}@example.com`;
  if (!page.url().startsWith('http')) await page.goto('/');
  const outcome = await page.evaluate(
    async ({ address, password, referrerId }) => {
      const post = (path: string, json: unknown) =>
        fetch(`/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ json }) });
      const signUp = await post('auth.signUp', { email: address, password, ...(referrerId ? { referrerId } : {}) });
      if (!signUp.ok) return { step: 'sign-up', status: signUp.status, body: await signUp.text(), id: undefined };
      const mails = (await (await fetch(`/dev/outbox?to=${encodeURIComponent(address)}`)).json()) as { text_body: string }[];
      const token = /#token=([^\s&]+)/.exec(mails[0]?.text_body ?? '')?.[1];
      if (!token) return { step: 'outbox', status: 0, body: JSON.stringify(mails), id: undefined };
      const verify = await post('auth.verifyEmail', { token: decodeURIComponent(token) });
      const body = await verify.text();
      const id = verify.ok ? (JSON.parse(body) as { result: { data: { json: { id: string } } } }).result.data.json.id : undefined;
      return { step: 'verify', status: verify.status, body, id };
    },
    { address: email, password: E2E_PASSWORD, referrerId: extra.referrerId },
  );
  if (!outcome.id) throw new Error(`sign-up of ${email} failed at ${outcome.step} (${outcome.status}): ${outcome.body}`);
  return { id: outcome.id, email };
}

/** Signs a member made by signUpInPage in again in another page (sign-ups are limited per address). */
export async function signInInPage(page: Page, member: E2EMember): Promise<void> {
  await page.goto('/');
  await mutateInPage(page, 'auth.signIn', { email: member.email, password: E2E_PASSWORD });
}

/** Grants Curio points from the rewards account: publishing a listing costs one. */
/** A member's public nickname, set straight in the database (seeded names read better in screenshots). */
export async function setNickname(server: E2EServer, userId: string, nickname: string): Promise<void> {
  await server.db.db.updateTable('profiles').set({ nickname }).where('user_id', '=', userId).execute();
}

/** Signs up in the page and makes that member an admin named "Admin <label>". */
export async function signUpAdminInPage(server: E2EServer, page: Page, label: string): Promise<E2EMember> {
  await page.goto('/');
  const admin = await signUpInPage(page, label);
  await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
  await setNickname(server, admin.id, `Admin ${label}`.slice(0, 20));
  return admin;
}

export async function fundPoints(server: E2EServer, userId: string, amount: number): Promise<void> {
  const { affectedUserIds } = await runInTransaction(server.db.db, (trx) =>
    transfer(trx, { currency: 'points', from: { system: 'rewards' }, to: { user: userId }, amount, kind: 'checkin' }),
  );
  await publishBalanceChanges(server.running.services.events, affectedUserIds);
}

/** Grants USDN (in cents) from the issuance account, as a redeemed code would. */
export async function fundUsdn(server: E2EServer, userId: string, cents: number): Promise<void> {
  const { affectedUserIds } = await runInTransaction(server.db.db, (trx) =>
    transfer(trx, { currency: 'usdn', from: { system: 'issuance' }, to: { user: userId }, amount: cents, kind: 'demo_seed' }),
  );
  await publishBalanceChanges(server.running.services.events, affectedUserIds);
}

export interface ImageFiles {
  paths: string[];
  remove: () => Promise<void>;
}

/** Small PNGs in distinct colours, written to a scratch folder for a file input to pick. */
export async function writeTestImages(colours: string[]): Promise<ImageFiles> {
  const dir = await mkdtemp(path.join(tmpdir(), 'curio-e2e-images-'));
  const paths: string[] = [];
  for (const [index, background] of colours.entries()) {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toBuffer();
    const file = path.join(dir, `photo-${index + 1}.png`);
    await writeFile(file, png);
    paths.push(file);
  }
  return { paths, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A tRPC mutation sent from the page with its cookies, for setup that is not the journey under test. */
export async function mutateInPage<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const outcome = await page.evaluate(
    async ({ procedure, input }) => {
      const response = await fetch(`/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: input }),
      });
      return { status: response.status, body: await response.text() };
    },
    { procedure, input },
  );
  if (outcome.status !== 200) throw new Error(`${procedure} answered ${outcome.status}: ${outcome.body}`);
  return (JSON.parse(outcome.body) as { result: { data: { json: T } } }).result.data.json;
}
