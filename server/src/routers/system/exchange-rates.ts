import { ZExchangeRates } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { ratesServiceFor } from '../../domain/wallet/rates-service.ts';

/** USD rates for the display-currency selector; fallback rates when the rates service is unreachable. */
export const exchangeRates = publicProcedure.output(ZExchangeRates).query(({ ctx }) => ratesServiceFor(ctx.services).latest());
