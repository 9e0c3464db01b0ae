import './zod-config.ts';
import { z } from 'zod';
import { ZIdempotencyKey, zText } from './common.ts';

/** Rule O-18: a tip's message is at most 200 characters. */
export const TIP_LIMITS = {
  messageMax: 200,
  /** Whole units (USDN) or points; keeps cents far inside the safe-integer range. */
  amountMax: 1_000_000,
} as const;

export const TIP_CURRENCIES = ['usdn', 'points'] as const;
export const ZTipCurrency = z.enum(TIP_CURRENCIES);
export type TTipCurrency = z.infer<typeof ZTipCurrency>;

/** A tip amount as the member types it: whole USDN or whole points, at least 1 (rule O-18). */
export const ZTipAmount = z
  .number({ error: 'AMOUNT_NOT_WHOLE' })
  .int({ error: 'AMOUNT_NOT_WHOLE' })
  .min(1, { error: 'AMOUNT_NOT_WHOLE' })
  .max(TIP_LIMITS.amountMax, { error: 'INVALID_AMOUNT' });

export const ZSendTipInput = z.object({
  orderId: z.uuid(),
  currency: ZTipCurrency,
  amount: ZTipAmount,
  /** Optional; blank is no message. The service checks the 200 limit so the error carries {max}. */
  message: zText().max(20_000, { error: 'CONTENT_TOO_LONG' }).nullish(),
  idempotencyKey: ZIdempotencyKey,
});
export type TSendTipInput = z.input<typeof ZSendTipInput>;

export const ZTipsForOrderInput = z.object({ orderId: z.uuid() });
export type TTipsForOrderInput = z.infer<typeof ZTipsForOrderInput>;

export const ZTip = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  from: z.object({ id: z.uuid(), nickname: z.string() }),
  to: z.object({ id: z.uuid(), nickname: z.string() }),
  currency: ZTipCurrency,
  /** Cents for usdn, whole points for points. */
  amount: z.number().int().positive(),
  message: z.string().nullable(),
  createdAt: z.date(),
});
export type TTip = z.infer<typeof ZTip>;

/** The preset chips of the tip dialog (rule AD-27: overridable by settings, ascending). */
export const ZTipPresets = z.object({
  usdn: z.array(z.number().int().positive()),
  points: z.array(z.number().int().positive()),
});
export type TTipPresets = z.infer<typeof ZTipPresets>;
