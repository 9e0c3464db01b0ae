import { sql, type Kysely } from 'kysely';
import { referralSignalFlags, type TReferralSignals } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

/** The largest group of one inviter's invitees sharing a key (an address block, a mail domain), ties by key. */
function largestGroups(rows: { inviter_id: string; key: string | null; n: number }[]): Map<string, { key: string; n: number }> {
  const largest = new Map<string, { key: string; n: number }>();
  for (const row of rows) {
    if (row.key === null || row.key === '') continue;
    const n = Number(row.n);
    const current = largest.get(row.inviter_id);
    if (!current || n > current.n || (n === current.n && row.key < current.key)) largest.set(row.inviter_id, { key: row.key, n });
  }
  return largest;
}

/**
 * What an admin deciding a points redemption should know about the requester's invitations
 * (rule AD-25, ADR 0045): how many members they invited, the largest group of those invitees
 * that signed up from one address block or share one mail domain, and how many never completed
 * a purchase or a sale. Forty verified sock accounts on one catch-all domain, from one network,
 * that never traded, read as 40 / 40 / 40 / 40. One entry per requested inviter, zeros when
 * they invited nobody. Admins only: the address blocks are not shown anywhere else.
 */
export async function referralSignals(db: Kysely<Database>, inviterIds: readonly string[]): Promise<Map<string, TReferralSignals>> {
  const ids = [...new Set(inviterIds)];
  const signals = new Map<string, TReferralSignals>();
  if (ids.length === 0) return signals;

  const invitees = db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.invitee_id')
    .where('i.inviter_id', 'in', ids)
    .where('i.status', '=', 'accepted');
  const domain = sql<string>`lower(split_part(u.email, '@', 2))`;
  const [totals, blocks, domains] = await Promise.all([
    invitees
      .select([
        'i.inviter_id',
        sql<number>`count(*)::int`.as('invitees'),
        // two probes of the buyer and seller indexes rather than one OR over both columns
        sql<number>`(count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.buyer_id = u.id AND o.status = 'completed')
                                  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.seller_id = u.id AND o.status = 'completed')))::int`.as('never_traded'),
      ])
      .groupBy('i.inviter_id')
      .execute(),
    invitees
      .select(['i.inviter_id', 'u.sign_up_address_block as key', sql<number>`count(*)::int`.as('n')])
      .where('u.sign_up_address_block', 'is not', null)
      .groupBy(['i.inviter_id', 'u.sign_up_address_block'])
      .execute(),
    invitees
      .select(['i.inviter_id', domain.as('key'), sql<number>`count(*)::int`.as('n')])
      .groupBy(['i.inviter_id', domain])
      .execute(),
  ]);

  const largestBlock = largestGroups(blocks);
  const largestDomain = largestGroups(domains);
  const totalsOf = new Map(totals.map((row) => [row.inviter_id, row]));
  for (const id of ids) {
    const total = totalsOf.get(id);
    const block = largestBlock.get(id);
    const mail = largestDomain.get(id);
    const figures = {
      invitees: Number(total?.invitees ?? 0),
      sameAddressBlock: block?.n ?? 0,
      addressBlock: block?.key ?? null,
      sameMailDomain: mail?.n ?? 0,
      mailDomain: mail?.key ?? null,
      neverTraded: Number(total?.never_traded ?? 0),
    };
    signals.set(id, { ...figures, flags: referralSignalFlags(figures) });
  }
  return signals;
}
