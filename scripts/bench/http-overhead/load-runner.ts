/**
 * The load generator of the HTTP-overhead bench (scripts/bench/http-overhead.ts): autocannon in a
 * process of its own that lives as long as the bench, so that a round costs no process start and
 * rounds can be short. The bench sends one load at a time over IPC
 * (`{ url, headers, connections, seconds }`) and gets autocannon's figures back for it.
 */
import { createRequire } from 'node:module';

export interface Load {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

/** What the bench reads of autocannon's result. */
export interface LoadResult {
  requests: { total: number };
  latency: { p50: number; p99: number; max: number };
  /** Seconds the load actually ran. */
  duration: number;
  errors: number;
  non2xx: number;
}

// autocannon is CommonJS and ships no types: its result holds at least the fields above
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}) => Promise<LoadResult>;

process.on('message', (load: Load) => {
  autocannon({ url: load.url, headers: load.headers, connections: load.connections, duration: load.seconds }).then(
    ({ requests, latency, duration, errors, non2xx }) => {
      const result: LoadResult = {
        requests: { total: requests.total },
        latency: { p50: latency.p50, p99: latency.p99, max: latency.max },
        duration,
        errors,
        non2xx,
      };
      process.send?.(result);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
// the bench is our parent: when it is gone, so are we
process.on('disconnect', () => process.exit(0));
