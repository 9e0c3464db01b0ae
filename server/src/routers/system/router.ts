import { router } from '../../trpc/init.ts';
import { publicSettings } from './public-settings.ts';
import { customerService } from './customer-service.ts';
import { exchangeRates } from './exchange-rates.ts';

export const systemRouter = router({
  publicSettings,
  customerService,
  exchangeRates,
});
