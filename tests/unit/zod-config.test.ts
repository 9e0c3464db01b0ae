import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * zod decides at the moment a schema is built whether it may compile parsers with
 * `new Function`, which the browser's Content-Security-Policy refuses (and reports). The shared
 * package switches that off in shared/src/schemas/zod-config.ts; it only works if that module runs
 * before any schema is built, whichever chunk the client's bundler puts each module in.
 */
const SHARED = path.resolve(import.meta.dirname, '../../shared');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('zod runs without eval in the browser', () => {
  test('every shared module that builds schemas imports zod-config.ts before anything else', () => {
    const config = path.join(SHARED, 'src/schemas/zod-config.ts');
    const builders = sourceFiles(path.join(SHARED, 'src')).filter((file) => file !== config && /from 'zod'/.test(readFileSync(file, 'utf8')));
    expect(builders.length).toBeGreaterThan(10);
    const late = builders.filter((file) => {
      const firstImport = readFileSync(file, 'utf8').match(/^import .*$/m)?.[0] ?? '';
      const wanted = path.relative(path.dirname(file), config).replace(/^(?!\.)/, './');
      return firstImport !== `import '${wanted}';`;
    });
    expect(late.map((file) => path.relative(SHARED, file))).toEqual([]);
  });

  test('the package names zod-config.ts as its side effect, so the bundler keeps it in order', () => {
    const manifest = JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')) as { sideEffects?: unknown };
    expect(manifest.sideEffects).toEqual(['./src/schemas/zod-config.ts']);
  });
});
