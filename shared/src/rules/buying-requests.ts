/**
 * Buying-request statuses (ADR 0009). Kept apart from the zod schemas (schemas/marketplace.ts
 * builds its enum from them) so a card on the home page can tell an active request from an ended
 * one without pulling zod into the first load (ADR 0023).
 */

/** Stored statuses; 'completed' belongs to the orders and the admin view. */
export const BUYING_REQUEST_STATUSES = ['open', 'offer_limit_reached', 'in_negotiation', 'deal_made', 'closed', 'expired', 'completed'] as const;

/** The statuses in which a request still takes offers, counters and an accept. */
export const ACTIVE_BUYING_REQUEST_STATUSES = ['open', 'offer_limit_reached', 'in_negotiation'] as const;
