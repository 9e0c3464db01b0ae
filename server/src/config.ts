import path from 'node:path';

/** Everything the process reads from its environment, read once. */
export interface AppConfig {
  port: number;
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
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    publicOrigin,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Curio <no-reply@curio.local>',
    // browsers accept Secure cookies on http://localhost, so Secure can stay on by default
    cookieSecure: env.COOKIE_SECURE !== 'false',
    production,
    ratesUrl: env.RATES_URL ?? 'https://open.er-api.com/v6/latest/USD',
    autoSeed: env.AUTO_SEED !== 'false',
  };
}
