import path from 'node:path';
import { z } from 'zod';
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

/** A bad environment: one line per variable, each naming it, so the operator fixes them all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** An empty variable (`FOO=` in an env file) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

function urlWith(protocols: string[], what: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be ${what}` },
  );
}

const flag = optional(z.enum(['true', 'false'], { error: 'must be true or false' }));

const ZEnvironment = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: 'must be a port number from 0 to 65535' })
      .transform(Number)
      .refine((port) => port <= 65_535, { error: 'must be a port number from 0 to 65535' }),
  ),
  HOST: optional(z.string()),
  DATABASE_URL: optional(urlWith(['postgres:', 'postgresql:'], 'a postgres:// connection URL')),
  DATA_DIR: optional(z.string()),
  PUBLIC_ORIGIN: optional(urlWith(['http:', 'https:'], 'an http:// or https:// origin')),
  SMTP_URL: optional(urlWith(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()),
  COOKIE_SECURE: flag,
  NODE_ENV: optional(z.string()),
  DEV_OUTBOX: flag,
  TRUST_PROXY: optional(z.string()),
  RATES_URL: optional(urlWith(['http:', 'https:'], 'an http:// or https:// URL')),
  AUTO_SEED: flag,
});

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnvironment.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name} ${issue.message} (got ${JSON.stringify(env[name])})`;
      });
  let trustProxy: TrustProxy | null = null;
  try {
    trustProxy = compileTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (!parsed.success || !trustProxy) throw new ConfigError(problems);

  const vars = parsed.data;
  const port = vars.PORT ?? 3000;
  const production = vars.NODE_ENV === 'production';
  return {
    port,
    host: vars.HOST ?? '127.0.0.1',
    databaseUrl: vars.DATABASE_URL ?? null,
    dataDir: path.resolve(vars.DATA_DIR ?? './data'),
    publicOrigin: (vars.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? 'Curio <no-reply@curio.local>',
    // browsers accept Secure cookies on http://localhost, so Secure can stay on by default
    cookieSecure: vars.COOKIE_SECURE !== 'false',
    production,
    devOutbox: vars.DEV_OUTBOX === 'true' && !production,
    trustProxy,
    ratesUrl: vars.RATES_URL ?? 'https://open.er-api.com/v6/latest/USD',
    autoSeed: vars.AUTO_SEED !== 'false',
  };
}

/** For entry points (the server, scripts): a bad environment prints one line per variable and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    process.exit(1);
  }
}
