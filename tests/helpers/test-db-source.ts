/**
 * Where this run's test databases come from, decided once in global-setup.ts
 * (engineering rule E-14): a template on TEST_DATABASE_URL, a testcontainers PostgreSQL
 * when a Docker engine answers, otherwise a migrated PGlite data dump.
 */
export type TestDbSource =
  { kind: 'postgres'; adminUrl: string; template: string; origin: 'TEST_DATABASE_URL' | 'testcontainers' } | { kind: 'pglite'; dumpPath: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDbSource: TestDbSource;
  }
}

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
