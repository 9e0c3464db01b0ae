import { sql, type Kysely } from 'kysely';

/**
 * The discovery feed (ADR 0010): a normalised `search_text` kept by a trigger on listings and
 * buying requests, with `search_grams`, its character unigrams and bigrams, under a GIN index
 * that serves substring search in Chinese as well as Latin text; one keyset btree per feed sort.
 *
 * pg_trgm is not used: a two-character Chinese query ("相机") has no trigram, so `ILIKE` could
 * not use a trigram index for the most common kind of Chinese search. Plain GIN over `text[]`
 * is built in, so PostgreSQL and PGlite run the same SQL with no extension. Frozen once landed.
 */
const STATEMENTS = [
  // NFKC folds full-width letters and digits; whitespace runs collapse so a query's spacing
  // never decides a match. The query side calls this same function.
  `CREATE FUNCTION curio_search_normalize(input text) RETURNS text
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$ SELECT btrim(regexp_replace(lower(normalize(input, NFKC)), '\\s+', ' ', 'g')) $$`,

  // Every unigram and bigram without whitespace. A substring's grams are a subset of its
  // document's, so `grams(doc) @> grams(query)` never drops a match; it over-selects, which
  // the caller rechecks with strpos.
  `CREATE FUNCTION curio_search_grams(doc text) RETURNS text[]
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$
       SELECT coalesce(array_agg(DISTINCT gram), '{}'::text[])
       FROM (
         SELECT substr(doc, i, 1) AS gram FROM generate_series(1, length(doc)) AS i
         UNION ALL
         SELECT substr(doc, i, 2) FROM generate_series(1, length(doc) - 1) AS i
       ) AS grams
       WHERE gram !~ '\\s'
     $$`,

  // The grams a query must find: its bigrams (selective), or its single characters when it
  // has no bigram without whitespace.
  `CREATE FUNCTION curio_search_query_grams(query text) RETURNS text[]
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
     AS $$
       SELECT CASE WHEN cardinality(bigrams) > 0 THEN bigrams ELSE curio_search_grams(query) END
       FROM (
         SELECT coalesce(array_agg(DISTINCT gram), '{}'::text[]) AS bigrams
         FROM (SELECT substr(query, i, 2) AS gram FROM generate_series(1, length(query) - 1) AS i) AS g
         WHERE gram !~ '\\s'
       ) AS q
     $$`,

  // Category words in the languages people type: the stored value plus its Chinese names.
  `CREATE FUNCTION curio_category_search_words(category text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     AS $$
       SELECT CASE category
         WHEN 'goods' THEN 'goods 商品'
         WHEN 'service' THEN 'service 服务 服務'
         ELSE ''
       END
     $$`,

  `CREATE FUNCTION curio_marketplace_search_text() RETURNS trigger
     LANGUAGE plpgsql
     AS $$
     BEGIN
       NEW.search_text := curio_search_normalize(concat_ws(' ',
         NEW.title, NEW.description, array_to_string(NEW.tags, ' '), curio_category_search_words(NEW.category)));
       NEW.search_grams := curio_search_grams(NEW.search_text);
       RETURN NEW;
     END
     $$`,

  `ALTER TABLE listings ADD COLUMN search_text text NOT NULL DEFAULT ''`,
  `ALTER TABLE buying_requests ADD COLUMN search_text text NOT NULL DEFAULT ''`,
  // stored, not an expression index: GIN @> rechecks every candidate row, and recomputing
  // the grams there costs far more than reading them
  `ALTER TABLE listings ADD COLUMN search_grams text[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE buying_requests ADD COLUMN search_grams text[] NOT NULL DEFAULT '{}'`,
  `CREATE TRIGGER listings_search_text BEFORE INSERT OR UPDATE OF title, description, tags, category ON listings
     FOR EACH ROW EXECUTE FUNCTION curio_marketplace_search_text()`,
  `CREATE TRIGGER buying_requests_search_text BEFORE INSERT OR UPDATE OF title, description, tags, category ON buying_requests
     FOR EACH ROW EXECUTE FUNCTION curio_marketplace_search_text()`,
  // fires the triggers for rows that exist already
  `UPDATE listings SET title = title`,
  `UPDATE buying_requests SET title = title`,

  // Partial: the feed only ever searches what it shows.
  `CREATE INDEX listings_feed_search_idx ON listings USING gin (search_grams) WHERE status = 'available'`,
  `CREATE INDEX buying_requests_feed_search_idx ON buying_requests USING gin (search_grams) WHERE status = 'open'`,

  // Keyset order of each count sort: (count, created_at, id), newest first among equals.
  `CREATE INDEX listings_feed_hot_idx ON listings (purchase_count DESC, created_at DESC, id DESC) WHERE status = 'available'`,
  `CREATE INDEX listings_feed_likes_idx ON listings (likes_count DESC, created_at DESC, id DESC) WHERE status = 'available'`,
  `CREATE INDEX listings_feed_favorites_idx ON listings (favorites_count DESC, created_at DESC, id DESC) WHERE status = 'available'`,
  `CREATE INDEX buying_requests_feed_hot_idx ON buying_requests (offer_count DESC, created_at DESC, id DESC) WHERE status = 'open'`,
  `CREATE INDEX buying_requests_feed_likes_idx ON buying_requests (likes_count DESC, created_at DESC, id DESC) WHERE status = 'open'`,
  `CREATE INDEX buying_requests_feed_favorites_idx ON buying_requests (favorites_count DESC, created_at DESC, id DESC) WHERE status = 'open'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // one statement per query: prepared statements (pg and PGlite) take a single command
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
