import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ZCreateOfferInput, ZOffer } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { notifyOfferMove } from './notify-offer.ts';
import { assertRequestTakesOffers, countActiveOffers, lockRequest, syncRequestWithOffers } from '../status.ts';
import { loadOffers } from './read.ts';
import { assertNoContactDetails } from '../../moderation/contact-check.ts';
import type { AppServices } from '../../../app-services.ts';
import { isUniqueViolation } from '../../../db/pg-errors.ts';
import { isBanned } from '../../accounts/active-bans.ts';

/**
 * Make an offer (rule B-10). The request row is locked while the active offers are
 * counted and the new one inserted, so N sellers racing for the last places get exactly the
 * places there are and the rest get OFFERS_FULL. The message is read by the requester, so it
 * must not carry contact details (rule C-4). A banned requester takes no offers (ADR 0042).
 */
export async function makeOffer(services: AppServices, memberId: string, input: z.output<typeof ZCreateOfferInput>): Promise<z.output<typeof ZOffer>> {
  const now = services.clock.now();
  const sellerId = memberId;
  const id = randomUUID();
  assertNoContactDetails({ message: input.message });
  try {
    await runInTransaction(services.db, async (trx) => {
      const request = await lockRequest(trx, input.requestId);
      if (request.user_id === sellerId) throw new DomainError('CANNOT_OFFER_OWN_REQUEST');
      if (await isBanned(trx, request.user_id)) throw new DomainError('MEMBER_SUSPENDED');
      assertRequestTakesOffers(request, now);
      if (request.budget_min_cents !== null && input.priceCents < request.budget_min_cents) {
        throw new DomainError('OFFER_BELOW_MIN_BUDGET', { field: 'priceCents' });
      }
      if (request.budget_max_cents !== null && input.priceCents > request.budget_max_cents) {
        throw new DomainError('OFFER_ABOVE_MAX_BUDGET', { field: 'priceCents' });
      }
      const existing = await trx
        .selectFrom('buying_offers')
        .select('id')
        .where('request_id', '=', request.id)
        .where('seller_id', '=', sellerId)
        .where('status', 'in', ['pending', 'negotiating'])
        .executeTakeFirst();
      if (existing) throw new DomainError('OFFER_ALREADY_ACTIVE');
      const { active } = await countActiveOffers(trx, request.id);
      if (active >= request.max_offers_allowed) throw new DomainError('OFFERS_FULL');
      await trx
        .insertInto('buying_offers')
        .values({
          id,
          request_id: request.id,
          seller_id: sellerId,
          price_cents: input.priceCents,
          original_price_cents: input.priceCents,
          current_price_cents: input.priceCents,
          message: input.message,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .updateTable('buying_requests')
        .set({ offer_count: sql<number>`offer_count + 1` })
        .where('id', '=', request.id)
        .execute();
      await syncRequestWithOffers(trx, request);
      await notifyOfferMove(trx, {
        type: 'offer_received',
        requestId: request.id,
        recipientId: request.user_id,
        recipientIsRequester: true,
        priceCents: input.priceCents,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('OFFER_ALREADY_ACTIVE');
    throw error;
  }
  const [offer] = await loadOffers(services.db, { offerIds: [id] });
  if (!offer) throw new DomainError('OFFER_NOT_FOUND');
  return offer;
}
