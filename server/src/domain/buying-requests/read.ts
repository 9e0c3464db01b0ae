import { sql, type Kysely, type Selectable } from 'kysely';
import { uploadUrl, type TBuyingRequestDetail, type TBuyingRequestSummary, type TListingCategory } from '@curio/shared';
import type { BuyingRequestsTable, Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';
import { effectiveRequestStatus, isActiveRequestStatus } from './status.ts';
import { memberNotBanned } from '../accounts/active-bans.ts';

type RequestRow = Selectable<BuyingRequestsTable>;

export function toBuyingRequestSummary(row: RequestRow, now: Date): TBuyingRequestSummary {
  return {
    id: row.id,
    title: row.title,
    coverUrl: row.images[0] ? uploadUrl(row.images[0]) : null,
    category: row.category as TListingCategory | null,
    budgetMinCents: row.budget_min_cents,
    budgetMaxCents: row.budget_max_cents,
    maxOffersAllowed: row.max_offers_allowed,
    activeOffersCount: row.active_offers_count,
    offerCount: row.offer_count,
    status: effectiveRequestStatus(row, now),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** The public detail of one request with the viewer's own state (rule B-16). */
export async function loadBuyingRequestDetail(db: Kysely<Database>, id: string, viewerId: string | null, now: Date): Promise<TBuyingRequestDetail> {
  const row = await db.selectFrom('buying_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
  const requester = await db
    .selectFrom('profiles')
    .select(['user_id', 'nickname', 'avatar_key', 'credit_score', 'attendance_rate', 'sold_count', 'created_at'])
    .select(sql<boolean>`NOT ${memberNotBanned('profiles.user_id')}`.as('suspended'))
    .where('user_id', '=', row.user_id)
    .executeTakeFirstOrThrow();

  const isOwner = viewerId === row.user_id;
  let liked = false;
  let favorited = false;
  let followingRequester = false;
  let myActiveOfferId: string | null = null;
  if (viewerId) {
    const [like, favorite, follow, offer] = await Promise.all([
      db.selectFrom('buying_request_likes').select('user_id').where('user_id', '=', viewerId).where('request_id', '=', id).executeTakeFirst(),
      db.selectFrom('buying_request_favorites').select('user_id').where('user_id', '=', viewerId).where('request_id', '=', id).executeTakeFirst(),
      db.selectFrom('user_follows').select('follower_id').where('follower_id', '=', viewerId).where('following_id', '=', row.user_id).executeTakeFirst(),
      db
        .selectFrom('buying_offers')
        .select('id')
        .where('request_id', '=', id)
        .where('seller_id', '=', viewerId)
        .where('status', 'in', ['pending', 'negotiating'])
        .executeTakeFirst(),
    ]);
    liked = like !== undefined;
    favorited = favorite !== undefined;
    followingRequester = follow !== undefined;
    myActiveOfferId = offer?.id ?? null;
  }

  const status = effectiveRequestStatus(row, now);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as TListingCategory | null,
    images: row.images,
    tags: row.tags,
    budgetMinCents: row.budget_min_cents,
    budgetMaxCents: row.budget_max_cents,
    maxOffersAllowed: row.max_offers_allowed,
    activeOffersCount: row.active_offers_count,
    offerCount: row.offer_count,
    viewCount: row.view_count,
    likesCount: row.likes_count,
    favoritesCount: row.favorites_count,
    status,
    // a banned requester's request stays readable, but nobody offers on it (ADR 0042)
    acceptingOffers: isActiveRequestStatus(status) && row.active_offers_count < row.max_offers_allowed && !requester.suspended,
    selectedOfferId: row.selected_offer_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    requester: {
      id: requester.user_id,
      nickname: requester.nickname,
      avatarUrl: requester.avatar_key ? uploadUrl(requester.avatar_key) : null,
      creditScore: requester.credit_score,
      attendanceRate: requester.attendance_rate,
      soldCount: requester.sold_count,
      createdAt: requester.created_at,
    },
    requesterSuspended: requester.suspended,
    viewer: { isOwner, liked, favorited, followingRequester, myActiveOfferId },
  };
}
