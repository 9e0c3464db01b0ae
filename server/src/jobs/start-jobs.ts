import type { AppServices } from '../services/app-services.ts';

export interface RunningJobs {
  stop(): void;
}

/** Periodic work of this process (exchange-rate refresh; later the order sweeper). */
export function startBackgroundJobs(_services: AppServices): RunningJobs {
  const timers: NodeJS.Timeout[] = [];
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
