import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { ZBuyingRequestSummary } from './buying-requests.ts';
import { zText } from './common.ts';

export const OFFER_STATUSES = ['pending', 'negotiating', 'accepted', 'rejected', 'withdrawn', 'expired', 'completed'] as const;
export const ZOfferStatus = z.enum(OFFER_STATUSES);
export type TOfferStatus = z.infer<typeof ZOfferStatus>;

/** Pending and negotiating offers are "active" (rule B-10): they count against the request's maximum. */
export const ACTIVE_OFFER_STATUSES = ['pending', 'negotiating'] as const;

const ZOfferPriceCents = z
  .number({ error: 'OFFER_PRICE_INVALID' })
  .int({ error: 'OFFER_PRICE_INVALID' })
  .positive({ error: 'OFFER_PRICE_INVALID' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'OFFER_PRICE_INVALID' });

const ZOfferMessage = zText()
  .trim()
  .max(LIMITS.offerMessageMax)
  .optional()
  .transform((value) => (value ? value : null));

export const ZCreateOfferInput = z.object({
  requestId: z.uuid(),
  priceCents: ZOfferPriceCents,
  message: ZOfferMessage,
});
export type TCreateOfferInput = z.input<typeof ZCreateOfferInput>;

export const ZCounterOfferInput = z.object({
  offerId: z.uuid(),
  priceCents: ZOfferPriceCents,
  message: ZOfferMessage,
});
export type TCounterOfferInput = z.input<typeof ZCounterOfferInput>;

export const ZOfferIdInput = z.object({ offerId: z.uuid() });
export type TOfferIdInput = z.infer<typeof ZOfferIdInput>;

export const ZOffersForRequestInput = z.object({ requestId: z.uuid() });
export type TOffersForRequestInput = z.infer<typeof ZOffersForRequestInput>;

export const ZNegotiationRound = z.object({
  round: z.number().int().positive(),
  proposerId: z.uuid(),
  proposerNickname: z.string(),
  proposedPriceCents: z.number().int().positive(),
  message: z.string().nullable(),
  createdAt: z.date(),
});
export type TNegotiationRound = z.infer<typeof ZNegotiationRound>;

export const ZOffer = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  requesterId: z.uuid(),
  seller: z.object({ id: z.uuid(), nickname: z.string(), avatarUrl: z.string().nullable() }),
  /** The seller's first price. */
  priceCents: z.number().int().positive(),
  /** The price on the table now (the last proposal). */
  currentPriceCents: z.number().int().positive(),
  message: z.string().nullable(),
  negotiationRound: z.number().int().nonnegative(),
  maxNegotiationRounds: z.number().int().positive(),
  status: ZOfferStatus,
  /** Who proposed the current price: the seller until the requester counters. */
  lastProposerId: z.uuid(),
  acceptedAt: z.date().nullable(),
  respondedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  history: z.array(ZNegotiationRound),
  /** The paid order an accepted offer became (ADR 0013); null until then. */
  orderId: z.uuid().nullable(),
});
export type TOffer = z.infer<typeof ZOffer>;

export const ZMyOffer = ZOffer.extend({ request: ZBuyingRequestSummary });
export type TMyOffer = z.infer<typeof ZMyOffer>;

export const ZMyBuyingRequest = ZBuyingRequestSummary.extend({ offers: z.array(ZOffer) });
export type TMyBuyingRequest = z.infer<typeof ZMyBuyingRequest>;
