import { RATES_REFRESH_MS } from '@curio/shared';
import type { AppServices } from '../services/app-services.ts';
import { ratesServiceFor } from '../services/rates/rates-service.ts';
import { startOrderSweeper } from './order-sweeper.ts';

export interface RunningJobs {
  stop(): void;
}

/** Periodic work of this process: exchange-rate refresh and the order sweeper (DESIGN decision 12). */
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

  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
      rates.stop();
      sweeper.stop();
    },
  };
}
