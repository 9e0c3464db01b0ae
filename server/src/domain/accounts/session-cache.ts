import type { AppServices } from '../../app-services.ts';
import { ADMIN_QUEUE_ID } from '../../realtime/events.ts';
import type { AuthUser } from './sessions.ts';

/** A session as a signed-in request needs it: whose, until when, and the member it signs in. */
export interface CachedSession {
  expiresAt: Date;
  user: AuthUser;
}

interface Entry {
  value: CachedSession;
  /** services.clock time after which the entry is read again from the database. */
  staleAt: number;
}

/** Sessions kept per process (the oldest dropped first): a few hundred bytes each. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * Cookie sessions with their member, kept in each process so a signed-in request does not read
 * them on every call (ADR 0041). An entry lives `config.sessionCacheMs` by the services clock at
 * most. Database triggers on sessions, users, profiles, bans and roles send the
 * 'session-user-changed' event naming the member (migrations/20261128T0200_session_user_events.ts),
 * and every process drops that member's sessions when it arrives; a delivery gap drops all. A read
 * that began before a drop is used by its request but not kept, so a change that committed while
 * it ran is never cached over.
 *
 * Off when the bus does not hear the database's NOTIFY (a test bus), since the triggers' events
 * would never reach it, and when sessionCacheMs is 0 (in-process tests).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** The held sessions of each member, so a member's change (or a bulk delete of sessions) touches only theirs. */
  private readonly byMember = new Map<string, Set<string>>();
  /** Bumped by every drop, so a read started before it is not stored. */
  private generation = 0;
  private readonly services: AppServices;

  constructor(services: AppServices) {
    this.services = services;
    services.events.subscribe(ADMIN_QUEUE_ID, (event) => {
      if (event.type === 'session-user-changed') this.dropMember(event.memberId);
    });
    services.events.onDeliveryGap(() => this.clear());
  }

  get enabled(): boolean {
    return this.services.config.sessionCacheMs > 0 && this.services.events.hearsDatabaseNotify;
  }

  /** The session by its id (the hash of the cookie's token), if it is held and not yet stale. */
  get(sessionId: string): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.staleAt <= this.services.clock.now().getTime()) {
      this.forget(sessionId);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading a session from the database; hand the answer to `store` with it. */
  startRead(): number {
    return this.generation;
  }

  /** Keeps what a read found, unless something was dropped since that read started. */
  store(sessionId: string, value: CachedSession, readStartedAt: number): void {
    if (!this.enabled || readStartedAt !== this.generation) return;
    this.forget(sessionId);
    // a Map keeps insertion order: the first key is the oldest
    if (this.entries.size >= SESSION_CACHE_MAX_ENTRIES) this.forget(this.entries.keys().next().value!);
    this.entries.set(sessionId, { value, staleAt: this.services.clock.now().getTime() + this.services.config.sessionCacheMs });
    const sessions = this.byMember.get(value.user.id);
    if (sessions) sessions.add(sessionId);
    else this.byMember.set(value.user.id, new Set([sessionId]));
  }

  /** Forgets one session: it was ended, or its expiry moved. */
  drop(sessionId: string): void {
    this.generation += 1;
    this.forget(sessionId);
  }

  dropMember(memberId: string): void {
    this.generation += 1;
    for (const sessionId of this.byMember.get(memberId) ?? []) this.entries.delete(sessionId);
    this.byMember.delete(memberId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byMember.clear();
  }

  private forget(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const sessions = this.byMember.get(entry.value.user.id);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byMember.delete(entry.value.user.id);
  }
}

const caches = new WeakMap<AppServices, SessionCache>();

/** The session cache of one set of services (one per server process; one per test). */
export function sessionCache(services: AppServices): SessionCache {
  let cache = caches.get(services);
  if (!cache) {
    cache = new SessionCache(services);
    caches.set(services, cache);
  }
  return cache;
}
