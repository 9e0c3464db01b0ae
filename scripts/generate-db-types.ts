/** Regenerates server/src/db/schema.ts from the migrations (run after adding a migration). */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { renderSchemaTypes } from '../server/src/db/generate-schema-types.ts';

const target = fileURLToPath(new URL('../server/src/db/schema.ts', import.meta.url));
const handle = await openDatabase({ kind: 'pglite' });
try {
  await migrateToLatest(handle.db);
  await writeFile(target, await renderSchemaTypes(handle.db));
  console.log(`wrote ${target}`);
} finally {
  await handle.close();
}
