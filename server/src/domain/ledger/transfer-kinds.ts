/**
 * Why money moved. Stored in ledger_transfers.kind; the read-model views
 * (migrations/20261121T0020_ledger_read_models.ts) classify entries by it, so a new kind is
 * added here, in the views' CASE lists when it needs its own label, and in ADR 0003.
 * Kinds name the business event, not the currency: the same kind may move USDN or points.
 */
export const TRANSFER_KINDS = [
  // issuance -> user available: a recharge code was redeemed
  'code_redemption',
  // issuance -> user available: an admin approved a USDT top-up
  'usdt_recharge',
  // issuance <-> user available: an admin added or deducted, with a reason in the memo
  'admin_adjustment',
  // buyer available -> escrow: a purchase holds the order total
  'purchase_escrow',
  // escrow -> seller available: receipt confirmed (by the buyer or the auto-complete sweeper)
  'escrow_release',
  // escrow -> buyer available: an approved refund returns the order total
  'refund',
  // user available -> user held: a withdrawal (USDN) or points redemption is requested
  'withdrawal_hold',
  // user held -> user available: the request was rejected
  'withdrawal_release',
  // user held -> withdrawals: the request was paid out (the amount that left the platform)
  'withdrawal_burn',
  // user held -> fees: the fee part of a paid-out request
  'withdrawal_fee',
  // user available -> another user's available: transfer by recipient e-mail
  'transfer',
  // buyer available -> seller available: tip after a completed order
  'tip',
  // user available -> fees: the points cost of publishing a listing
  'publish_fee',
  // rewards -> user available: inviter and invitee rewards
  'invitation_reward',
  // rewards -> user available: points for the buyer (purchase) and the seller (sale) of an order
  'order_points',
  // rewards -> user available: daily check-in
  'checkin',
  // rewards -> user available: once, when a member's e-mail address is verified (ADR 0030)
  'welcome_points',
  // issuance (USDN) or rewards (points) -> user available: starting money of the demo accounts
  'demo_seed',
] as const;

export type TransferKind = (typeof TRANSFER_KINDS)[number];

export function isTransferKind(value: unknown): value is TransferKind {
  return typeof value === 'string' && (TRANSFER_KINDS as readonly string[]).includes(value);
}
