import { readFile } from 'node:fs/promises';
import { renderSchemaTypes } from '../../server/src/db/generate-schema-types.ts';
import { expect, test } from '../helpers/fixtures.ts';

test('server/src/db/schema.ts matches the migrated database (run `npm run db:types` after a migration)', async ({ db }) => {
  const committed = await readFile(new URL('../../server/src/db/schema.ts', import.meta.url), 'utf8');
  expect(await renderSchemaTypes(db.db)).toBe(committed);
});
