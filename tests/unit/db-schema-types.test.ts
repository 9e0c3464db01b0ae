import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { renderSchemaTypes } from '../../server/src/db/generate-schema-types.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

test('server/src/db/schema.ts matches the migrated database (run `npm run db:types` after a migration)', async () => {
  const committed = await readFile(new URL('../../server/src/db/schema.ts', import.meta.url), 'utf8');
  expect(await renderSchemaTypes(db.db)).toBe(committed);
});
