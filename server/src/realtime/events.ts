/**
 * Events that change what a signed-in user sees live. They carry only ids: each subscriber
 * re-reads the truth from the database, so a lost or repeated event can never show a wrong number.
 */
export type RealtimeEvent =
  | { type: 'unread-changed'; userId: string }
  | { type: 'balances-changed'; userId: string }
  | { type: 'session-revoked'; userId: string; sessionIds: string[] };

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface EventBus {
  /** Delivers to subscribers in every server process on the same database. */
  publish(event: RealtimeEvent): Promise<void>;
  /** Listens for events about one user; returns the unsubscribe function. */
  subscribe(userId: string, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}
