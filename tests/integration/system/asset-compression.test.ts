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
  test('index.html and the entry script it names come gzipped; an API answer does not', async () => {
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

    const api = await get('/trpc/system.publicSettings');
    expect(api.status).toBe(200);
    expect(api.encoding).toBeUndefined();
  });
});
