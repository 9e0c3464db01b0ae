import { z } from 'zod';

/** Top-bar balances: USDN in cents, points as whole numbers. */
export const ZBalances = z.object({
  usdnAvailableCents: z.number().int(),
  usdnHeldCents: z.number().int(),
  points: z.number().int(),
});
export type TBalances = z.infer<typeof ZBalances>;
