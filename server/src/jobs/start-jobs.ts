import { RATES_REFRESH_MS } from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import { ratesServiceFor } from '../domain/wallet/rates-service.ts';
import { startOrderSweeper } from './order-sweeper.ts';
import { deleteEndedRateLimitWindows } from '../rate-limits/rate-limiter.ts';
import { componentLogger } from '../observability/logger.ts';
import { measureJob } from '../observability/metrics.ts';

const log = componentLogger('jobs');

/** Ended rate-limit windows are dropped this often; any process may do it, the DELETE is idempotent. */
const RATE_LIMIT_CLEANUP_MS = 10 * 60_000;

export interface RunningJobs {
  stop(): void;
}

/** Periodic work of this process: exchange-rate refresh, the order sweeper and rate-limit cleanup. */
export function startBackgroundJobs(services: AppServices): RunningJobs {
  const timers: NodeJS.Timeout[] = [];
  const rates = ratesServiceFor(services);

  // refresh() never rejects: a failure keeps the previous or fallback rates and logs one line
  void rates.refresh();
  const ratesTimer = setInterval(() => void rates.refresh(), RATES_REFRESH_MS);
  // timers must not keep a process alive that is otherwise done (scripts, tests)
  ratesTimer.unref();
  timers.push(ratesTimer);

  const sweeper = startOrderSweeper(services);

  const cleanupTimer = setInterval(() => {
    measureJob('rate-limit-cleanup', () => deleteEndedRateLimitWindows(services)).catch((error: unknown) => {
      log.error({ err: error }, 'rate-limit cleanup failed');
    });
  }, RATE_LIMIT_CLEANUP_MS);
  cleanupTimer.unref();
  timers.push(cleanupTimer);

  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
      rates.stop();
      sweeper.stop();
    },
  };
}
