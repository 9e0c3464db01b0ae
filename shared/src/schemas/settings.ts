import './zod-config.ts';
import { z } from 'zod';
import { DISPLAY_CURRENCIES } from '../money/currency.ts';

export const ZPublicSettings = z.object({
  customerServiceEnabled: z.boolean(),
  customerServiceAdminId: z.uuid().nullable(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;

export const ZExchangeRates = z.object({
  base: z.literal('USD'),
  rates: z.record(z.enum(DISPLAY_CURRENCIES), z.number().positive()),
  source: z.enum(['live', 'fallback']),
  fetchedAt: z.date(),
});
export type TExchangeRates = z.infer<typeof ZExchangeRates>;

/** The admin a visitor's customer-service button opens a chat with. */
export const ZCustomerService = z.object({ adminId: z.uuid() });
export type TCustomerService = z.infer<typeof ZCustomerService>;
