import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import { freePort } from './server-process.ts';
import { ensureClientBuilt } from '../../scripts/build-client.ts';

export interface OutboxMail {
  to_address: string;
  subject: string;
  text_body: string;
  created_at: string;
}

export interface E2EServer {
  /** http://localhost:<port>: the origin the browser uses and the server puts in links. */
  url: string;
  running: RunningServer;
  db: TestDatabase;
  /** Mail "sent" to this address, newest first (GET /dev/outbox). */
  outbox(to: string): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/**
 * The real server in this process over this file's own test database (PGlite or PostgreSQL,
 * whichever the run uses), serving the built client.
 */
export async function startE2EServer(): Promise<E2EServer> {
  await ensureClientBuilt();
  const db = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'curio-e2e-data-'));
  let server: RunningServer;
  try {
    const port = await freePort();
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      DEV_OUTBOX: 'true',
      AUTO_SEED: 'false',
      // the exchange-rate fetch must fail fast and fall back instead of reaching the internet
      RATES_URL: 'http://127.0.0.1:9/unreachable',
    });
    server = await startServer(config, { dbHandle: db, jobs: false });
  } catch (error) {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = server.services.config.publicOrigin;
  return {
    url,
    running: server,
    db,
    async outbox(to) {
      const response = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(to)}`);
      if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
      return (await response.json()) as OutboxMail[];
    },
    async close() {
      await server.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The link to `path` (/verify-email, /reset-password) in the newest mail to `email`, polled
 * because mail may be written just after the answer that caused it.
 */
export async function waitForMailedLink(server: E2EServer, email: string, path: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  const pattern = new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}#\\S+`);
  for (;;) {
    const [newest] = await server.outbox(email);
    const link = newest ? pattern.exec(newest.text_body)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${path} link mailed to ${email}; newest: ${JSON.stringify(newest)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
