import path from 'node:path';
import { compileTrustProxy, type TrustProxy } from './http/trust-proxy.ts';

/** Everything the process reads from its environment, read once. */
export interface AppConfig {
  port: number;
  /** 127.0.0.1 unless HOST says otherwise: a laptop's server is not reachable from the network by accident. */
  host: string;
  /** Set: real PostgreSQL. Unset: embedded PGlite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** The origin browsers use; WebSocket upgrades and mutations from other origins are refused. */
  publicOrigin: string;
  smtpUrl: string | null;
  mailFrom: string;
  cookieSecure: boolean;
  production: boolean;
  /**
   * GET /dev/outbox, for reading mail on a machine without SMTP. Off unless DEV_OUTBOX=true, never
   * in production, and even then it answers loopback peers only: it holds sign-in links.
   */
  devOutbox: boolean;
  /** Which peers may speak for the client in X-Forwarded-For (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  /** Exchange-rate endpoint; fallback rates are used whenever it cannot be reached. */
  ratesUrl: string;
  /** Seed a demo marketplace on a brand-new embedded database. */
  autoSeed: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    publicOrigin,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Curio <no-reply@curio.local>',
    // browsers accept Secure cookies on http://localhost, so Secure can stay on by default
    cookieSecure: env.COOKIE_SECURE !== 'false',
    production,
    devOutbox: env.DEV_OUTBOX === 'true' && !production,
    trustProxy: compileTrustProxy(env.TRUST_PROXY),
    ratesUrl: env.RATES_URL ?? 'https://open.er-api.com/v6/latest/USD',
    autoSeed: env.AUTO_SEED !== 'false',
  };
}
