import { createHash } from 'node:crypto';
import superjson from 'superjson';
import { ZFeedPage, type TFeedPage } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { ADMIN_QUEUE_ID } from '../../realtime/events.ts';
import { loadFeedPage, type FeedQuery } from './feed-page.ts';

/**
 * One cached feed page: the page as validated against ZFeedPage when it was loaded, its
 * superjson form (what a tRPC answer carries as `data`) as JSON text, and the ETag naming it.
 */
export interface CachedFeedPage {
  page: TFeedPage;
  /** JSON of superjson.serialize(page): the `data` of the tRPC answer, written once per load. */
  json: string;
  /** A strong validator: equal pages, equal tags, in every process. */
  etag: string;
}

interface Entry {
  value: CachedFeedPage;
  /** services.clock time after which the entry is not served. */
  expiresAt: number;
}

/** Distinct unsearched pages kept per process (least recently used dropped first): every first page and some deeper ones. */
export const FEED_CACHE_MAX_ENTRIES = 500;

/**
 * The shared cache of unsearched feed pages (ADR 0039). A feed page holds nothing about who
 * asks (no "liked by me"), so every visitor and member is served the same page for the same
 * input. An entry lives `config.feedCacheMs` by the services clock at most; the 'feed-changed'
 * event (database triggers on listings, buying requests and nicknames, in every process through
 * the bus) and a delivery gap drop everything at once. Concurrent misses of one page share one
 * load; a load that began before a drop is handed to its waiters but not kept.
 *
 * Kept in front of loadFeedPage rather than inside it: the bare baseline of the feed bench calls
 * loadFeedPage and must stay uncached.
 */
export class FeedPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedFeedPage>>();
  /** Bumped by every drop, so a load started before it is not stored. */
  private generation = 0;
  private readonly services: AppServices;

  constructor(services: AppServices) {
    this.services = services;
    services.events.subscribe(ADMIN_QUEUE_ID, (event) => {
      if (event.type === 'feed-changed') this.clear();
    });
    services.events.onDeliveryGap(() => this.clear());
  }

  get enabled(): boolean {
    return this.services.config.feedCacheMs > 0;
  }

  /** Drops every page, and every load in flight from later callers. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The page for a query (q already blank-trimmed away): an unsearched one from the cache or
   * loaded once; a search loaded every time, in the same checked and serialised form, and never
   * kept (ADR 0039: what members type is too varied to be worth holding).
   */
  async get(query: FeedQuery): Promise<CachedFeedPage> {
    if (query.q || !this.enabled) return this.load(query);
    const key = cacheKey(query);
    const now = this.services.clock.now().getTime();
    const entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    if (entry && entry.expiresAt > now) {
      // back to the newest end: a crawler walking deep pages evicts other deep pages, not the first ones
      this.entries.set(key, entry);
      return entry.value;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const load = this.load(query).then(
      (value) => {
        if (this.loading.get(key) === load) this.loading.delete(key);
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === load) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, load);
    return load;
  }

  private store(key: string, value: CachedFeedPage): void {
    // a Map keeps insertion order: the first key is the least recently used
    if (this.entries.size >= FEED_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: this.services.clock.now().getTime() + this.services.config.feedCacheMs });
  }

  private async load(query: FeedQuery): Promise<CachedFeedPage> {
    const loaded = await loadFeedPage(this.services.db, query, this.services.clock.now());
    // validated once here, where the procedure's output check would have run on every call
    const page = ZFeedPage.parse(loaded);
    const json = JSON.stringify(superjson.serialize(page));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { page, json, etag };
  }
}

function cacheKey(query: FeedQuery): string {
  return JSON.stringify([query.type, query.category, query.sort, query.limit, query.cursor ?? null]);
}

const caches = new WeakMap<AppServices, FeedPageCache>();

/** The feed cache of one set of services (one per server process; one per test). */
export function feedPageCache(services: AppServices): FeedPageCache {
  let cache = caches.get(services);
  if (!cache) {
    cache = new FeedPageCache(services);
    caches.set(services, cache);
  }
  return cache;
}
