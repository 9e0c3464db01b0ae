import { randomUUID } from 'node:crypto';
import type { AppServices } from '../../server/src/app-services.ts';
import { notifyThroughDatabase } from '../../server/src/realtime/events.ts';
import { dbStatements } from '../../server/src/observability/metrics.ts';
import { eventually } from './eventually.ts';

/** The process's curio_db_statements_total, as /metrics reports it: take it before and after a call. */
export async function statementsSoFar(): Promise<number> {
  return (await dbStatements.get()).values.reduce((sum, value) => sum + value.value, 0);
}

/**
 * Waits until every change committed so far has reached the services' bus: NOTIFYs are delivered
 * in commit order, so once an event of our own sent afterwards on the same channel arrives, every
 * trigger's event before it has been handed to its listeners (the feed and session caches).
 */
export async function settleEvents(services: AppServices): Promise<void> {
  const marker = randomUUID();
  let arrived = false;
  const stop = services.events.subscribe(marker, () => {
    arrived = true;
  });
  try {
    await notifyThroughDatabase(services.db, { type: 'notifications-changed', userId: marker });
    await eventually(() => arrived);
  } finally {
    stop();
  }
}
