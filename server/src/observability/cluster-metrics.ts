import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

/**
 * Under WEB_CONCURRENCY a scrape reaches whichever worker the kernel picks, so a worker asks the
 * primary, which adds up every worker's registry (prom-client's AggregatorRegistry) and answers.
 */
const REQUEST = 'curio:metrics-request';
const ANSWER = 'curio:metrics-answer';
const ANSWER_TIMEOUT_MS = 5_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: string;
}
interface MetricsAnswer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/** In a worker: answers the primary's collection requests with this process's registry. */
export function shareWorkerMetrics(): void {
  AggregatorRegistry.setRegistries([metricsRegistry]);
  // constructing one installs prom-client's worker-side listener
  new AggregatorRegistry();
}

/** In the primary: collects and sums every worker's metrics for the worker that asked. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: MetricsRequest) => {
    if (message?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies MetricsAnswer),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) } satisfies MetricsAnswer),
    );
  });
}

/** In a worker: the whole machine's metrics, through the primary. */
export function clusterMetrics(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: MetricsAnswer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics'));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('the primary did not answer the metrics request'));
    }, ANSWER_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}
