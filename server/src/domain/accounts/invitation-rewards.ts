import { sql } from 'kysely';
import { LIMITS, POINTS_RULES } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { transfer } from '../ledger/index.ts';
import { notify } from '../notifications/notify.ts';

/** [start, end) of the UTC calendar month holding `now`: the month of the reward cap (rule P-18). */
export function rewardCapMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

export interface InvitationRewardResult {
  /** rewarded: both sides paid; capped: marked over the inviter's monthly cap, never paid; none: nothing to do. */
  outcome: 'rewarded' | 'capped' | 'none';
  affectedUserIds: string[];
}

const NOTHING: InvitationRewardResult = { outcome: 'none', affectedUserIds: [] };

/**
 * Pays an invitation when its invitee's purchase completes (rules P-14 and P-18, ADR 0045):
 * 50 points to the inviter and 30 to the invitee, from the rewards account, inside the
 * transaction that completes the order. completeOrder is the one step every completion goes
 * through (the buyer's confirmation, the sweeper's automatic completion), and its guarded status
 * UPDATE runs once per order, so this runs once per completed order.
 *
 * Only a purchase counts, never a verification: a sock account that verifies and stops earns its
 * inviter nothing. The purchase must be from someone other than the inviter or another of the
 * inviter's invitees (buying from them moves the money in a circle), and the invitee must have verified their
 * address (engineering rule E-16); such a purchase pays nothing and leaves the invitation waiting.
 *
 * The inviter's monthly cap is counted under a transaction lock of the inviter, so two of their
 * invitees completing at once queue and the second counts the first. The guarded UPDATE of
 * rewarded_at / reward_capped_at decides each invitation once, whoever races: two completions
 * of one invitee's orders pay once, and a capped invitation is never paid later either.
 */
export async function rewardInvitationOnPurchase(trx: Tx, order: { buyer_id: string; seller_id: string }, now: Date): Promise<InvitationRewardResult> {
  const invitation = await trx
    .selectFrom('invitations as i')
    .innerJoin('users as invitee', 'invitee.id', 'i.invitee_id')
    .select(['i.id', 'i.inviter_id'])
    .where('i.invitee_id', '=', order.buyer_id)
    .where('i.status', '=', 'accepted')
    .where('i.rewarded_at', 'is', null)
    .where('i.reward_capped_at', 'is', null)
    .where('i.inviter_id', '<>', order.seller_id)
    // nor from another member the same inviter brought in: sock buying from sock is the same circle
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invitations as sibling')
            .select('sibling.id')
            .whereRef('sibling.inviter_id', '=', 'i.inviter_id')
            .where('sibling.invitee_id', '=', order.seller_id),
        ),
      ),
    )
    .where('invitee.email_verified_at', 'is not', null)
    .executeTakeFirst();
  // almost every completed order: the buyer was not invited, or their invitation is settled
  if (!invitation) return NOTHING;

  // one inviter's rewards are counted one at a time; nothing else takes this lock
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invitation-rewards:${invitation.inviter_id}`}, 0))`.execute(trx);
  const month = rewardCapMonth(now);
  const counted = await trx
    .selectFrom('invitations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('inviter_id', '=', invitation.inviter_id)
    .where('rewarded_at', '>=', month.start)
    .where('rewarded_at', '<', month.end)
    .executeTakeFirstOrThrow();
  const capped = Number(counted.n) >= POINTS_RULES.invitationRewardsPerMonth;

  const claimed = await trx
    .updateTable('invitations')
    .set(capped ? { reward_capped_at: now } : { rewarded_at: now })
    .where('id', '=', invitation.id)
    .where('rewarded_at', 'is', null)
    .where('reward_capped_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return NOTHING;
  if (capped) return { outcome: 'capped', affectedUserIds: [] };

  const common = {
    currency: 'points',
    from: { system: 'rewards' },
    kind: 'invitation_reward',
    referenceType: 'invitation',
    referenceId: invitation.id,
    createdBy: order.buyer_id,
  } as const;
  const inviter = await transfer(trx, { ...common, to: { user: invitation.inviter_id }, amount: LIMITS.inviterRewardPoints, memo: 'inviter' });
  const invitee = await transfer(trx, { ...common, to: { user: order.buyer_id }, amount: LIMITS.inviteeRewardPoints, memo: 'invitee' });

  const profile = await trx.selectFrom('profiles').select('nickname').where('user_id', '=', order.buyer_id).executeTakeFirst();
  await notify(trx, {
    userId: invitation.inviter_id,
    type: 'invitation_rewarded',
    params: { nickname: profile?.nickname ?? '', points: LIMITS.inviterRewardPoints },
    link: '/invitations',
  });
  return { outcome: 'rewarded', affectedUserIds: [...inviter.affectedUserIds, ...invitee.affectedUserIds] };
}
