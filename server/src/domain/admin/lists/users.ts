import type { z } from 'zod';
import { sql } from 'kysely';
import { ESCROWED_ORDER_STATUSES, type ZAdminUser, type ZAdminUserDetail, type ZAdminUsersListInput } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** The column each sort of the users table orders by (the selected names below); ties by id. */
const USER_SORT_COLUMN = {
  createdAt: 'users.created_at',
  lastActiveAt: 'profiles.last_active_at',
  usdn: 'usdn_cents',
  nickname: 'profiles.nickname',
} as const;

/**
 * The users tab (rule AD-8): every user with their USDN balance and ban state, newest first; search by
 * nickname or e-mail. Balances are read from the ledger accounts themselves (the same numbers
 * as the user_usdn view, without its per-user lifetime sums the list does not show), and the
 * escrow from the user's open orders, as the member's own wallet reads it (getBalances).
 */
export async function listUsers(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminUsersListInput>,
  onlyUserId?: string,
): Promise<{ total: number; items: z.output<typeof ZAdminUser>[] }> {
  let query = db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'));
  if (input.search) {
    const pattern = containsPattern(input.search);
    query = query.where((eb) => eb.or([eb('profiles.nickname', 'ilike', pattern), eb('users.email', 'ilike', pattern)]));
  }
  if (onlyUserId) query = query.where('users.id', '=', onlyUserId);
  if (input.from) query = query.where('users.created_at', '>=', input.from);
  if (input.to) query = query.where('users.created_at', '<', input.to);
  if (input.filter === 'banned') query = query.where('user_bans.id', 'is not', null);
  if (input.filter === 'admins') {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', '=', 'admin'),
      ),
    );
  }

  const balance = (currency: 'usdn' | 'points', kind: 'user_available' | 'user_held') =>
    sql<number>`coalesce((select a.balance from ledger_accounts a
                          where a.user_id = users.id and a.currency = ${currency} and a.kind = ${kind}), 0)::bigint`;

  return adminPage(
    input,
    query,
    (members) =>
      members
        .leftJoin('profiles as banner', 'banner.user_id', 'user_bans.banned_by')
        .select([
          'users.id',
          'users.email',
          'users.created_at',
          'profiles.nickname',
          'profiles.last_active_at',
          'user_bans.reason as ban_reason',
          'user_bans.created_at as banned_at',
          'user_bans.banned_by',
          'banner.nickname as banned_by_nickname',
          balance('usdn', 'user_available').as('usdn_cents'),
          balance('usdn', 'user_held').as('usdn_held_cents'),
          sql<number>`coalesce((select sum(o.total_cents) from orders o
                                where o.buyer_id = users.id and o.status in (${sql.join(ESCROWED_ORDER_STATUSES)})), 0)::bigint`.as('usdn_escrow_cents'),
          balance('points', 'user_available').as('points'),
        ])
        .select((eb) =>
          eb
            .exists(
              eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', '=', 'admin'),
            )
            .as('is_admin'),
        )
        .orderBy(USER_SORT_COLUMN[input.sort ?? 'createdAt'], input.direction)
        .orderBy('users.id', input.direction),
    (row) => ({
      id: row.id,
      email: row.email,
      nickname: row.nickname,
      createdAt: row.created_at,
      lastActiveAt: row.last_active_at,
      isAdmin: Boolean(row.is_admin),
      usdnCents: Number(row.usdn_cents),
      usdnHeldCents: Number(row.usdn_held_cents),
      usdnEscrowCents: Number(row.usdn_escrow_cents),
      points: Number(row.points),
      ban:
        row.ban_reason !== null && row.banned_at !== null
          ? {
              reason: row.ban_reason,
              bannedAt: row.banned_at,
              bannedBy: row.banned_by && row.banned_by_nickname ? { id: row.banned_by, nickname: row.banned_by_nickname } : null,
            }
          : null,
    }),
  );
}

/**
 * The member detail view: the member's users-tab row and every ban they ever had, newest
 * first (lifted ones too: the history an admin weighs before banning again).
 */
export async function getUserDetail(db: Kysely<Database>, userId: string): Promise<z.output<typeof ZAdminUserDetail>> {
  const { items } = await listUsers(db, { page: 1, pageSize: 1, filter: 'all', search: undefined, direction: 'desc' }, userId);
  const user = items[0];
  if (!user) throw new DomainError('USER_NOT_FOUND');
  const bans = await db
    .selectFrom('user_bans')
    .leftJoin('profiles as banner', 'banner.user_id', 'user_bans.banned_by')
    .select(['user_bans.id', 'user_bans.reason', 'user_bans.status', 'user_bans.created_at', 'user_bans.unbanned_at', 'user_bans.banned_by', 'banner.nickname'])
    .where('user_bans.user_id', '=', userId)
    .orderBy('user_bans.created_at', 'desc')
    .orderBy('user_bans.id', 'desc')
    .execute();
  return {
    user,
    bans: bans.map((ban) => ({
      id: ban.id,
      reason: ban.reason,
      status: ban.status === 'active' ? 'active' : 'lifted',
      bannedAt: ban.created_at,
      liftedAt: ban.unbanned_at,
      bannedBy: ban.banned_by && ban.nickname ? { id: ban.banned_by, nickname: ban.nickname } : null,
    })),
  };
}
