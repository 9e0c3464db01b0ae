import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { ensureClientBuilt } from '../../../scripts/build-client.ts';
import type { RunningServer } from '../../../server/src/server.ts';

/**
 * The built client is sent compressed to browsers that accept it (docs/performance.md "Client":
 * the first visit on a phone was 1.6 MiB uncompressed); API answers are not compressed (they
 * carry members' data).
 */
let running: RunningServer;

// two hooks: the client is built before the second one asks for the server
test.beforeAll(async () => {
  await ensureClientBuilt();
}, 180_000);
test.beforeAll(async ({ server }) => {
  running = server;
});

/** A raw GET (fetch would decompress and hide the header). */
function get(path: string): Promise<{ status: number; encoding: string | undefined; type: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${running.url}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], type: res.headers['content-type'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression of the built client', () => {
  test("index.html and the entry script it names come gzipped, React's production build with no zod in what loads first; an API answer does not", async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.encoding).toBe('gzip');
    const html = gunzipSync(page.body).toString('utf8');
    const entry = /<script type="module"[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();

    const script = await get(entry!);
    expect(script.status).toBe(200);
    expect(script.encoding).toBe('gzip');
    const source = gunzipSync(script.body);
    expect(source.length).toBeGreaterThan(script.body.length * 2);
    // React's production build, even when the tests built it (vitest sets NODE_ENV=test): the
    // development build records owner stacks with console.createTask
    expect(source.toString('utf8')).not.toContain('createTask');

    // ADR 0023: nothing the first screen loads carries zod (its error class keeps its name
    // through minification); a constant the home page needs lives in a zod-free module
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(preloaded.length).toBeGreaterThan(0);
    for (const path of [entry!, ...preloaded]) {
      const asset = await get(path);
      // a file under the compression threshold comes as it is
      const text = (asset.encoding === 'gzip' ? gunzipSync(asset.body) : asset.body).toString('utf8');
      expect(text, path).not.toContain('ZodError');
    }

    const api = await get('/trpc/system.publicSettings');
    expect(api.status).toBe(200);
    expect(api.encoding).toBeUndefined();
  });
});
