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
  /** pino level (LOG_LEVEL); info unless set. */
  logLevel: LogLevel;
  /** METRICS_TOKEN: set, /metrics wants it as a bearer token; unset, /metrics answers loopback peers only. */
  metricsToken: string | null;
  /** WEB_CONCURRENCY: worker processes sharing the port; more than one needs PostgreSQL. */
  webConcurrency: number;
  /**
   * How long a process may serve an unsearched feed page from its cache (ADR 0039); changes
   * drop it sooner. Not an environment setting; 0 turns the cache off (in-process tests).
   */
  feedCacheMs: number;
  /**
   * How long a process may keep a cookie session with its member (ADR 0041); a change to either
   * drops it sooner. Not an environment setting; 0 turns the cache off (in-process tests).
   */
  sessionCacheMs: number;
  /** Uploads in an S3-compatible bucket (S3_BUCKET and friends); null keeps them under dataDir/uploads. */
  s3: S3Config | null;
}

/** A visitor's feed page is at most this old in its counters (likes, purchases, offers); ADR 0039. */
export const FEED_CACHE_MS = 2_000;

/** The longest a process keeps a session without reading it again, if no change drops it first; ADR 0041. */
export const SESSION_CACHE_MS = 60_000;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. Set: any S3-compatible server (MinIO, R2, s3rver, ...). */
  endpoint: string | null;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path rather than the host name, as MinIO-like servers want. */
  forcePathStyle: boolean;
}

/** A bad environment: one line per variable, each naming it, so the operator fixes them all at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
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
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  METRICS_TOKEN: optional(z.string().min(16, { error: 'must be at least 16 characters' })),
  WEB_CONCURRENCY: optional(
    z
      .string()
      .regex(/^[1-9]\d{0,2}$/, { error: 'must be a whole number of processes from 1' })
      .transform(Number),
  ),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(urlWith(['http:', 'https:'], 'an http:// or https:// URL')),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: flag,
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
  if (parsed.success) problems.push(...crossVariableProblems(parsed.data));
  if (!parsed.success || !trustProxy || problems.length > 0) throw new ConfigError(problems);

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
    logLevel: vars.LOG_LEVEL ?? 'info',
    metricsToken: vars.METRICS_TOKEN ?? null,
    webConcurrency: vars.WEB_CONCURRENCY ?? 1,
    feedCacheMs: FEED_CACHE_MS,
    sessionCacheMs: SESSION_CACHE_MS,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          endpoint: vars.S3_ENDPOINT ?? null,
          region: vars.S3_REGION ?? 'us-east-1',
          credentials:
            vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY } : null,
          forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
  };
}

/** Variables that are each fine alone but not together. */
function crossVariableProblems(vars: z.infer<typeof ZEnvironment>): string[] {
  const problems: string[] = [];
  if ((vars.WEB_CONCURRENCY ?? 1) > 1 && !vars.DATABASE_URL) {
    problems.push(
      `WEB_CONCURRENCY must be 1 on the embedded database, which one process owns; set DATABASE_URL to run ${vars.WEB_CONCURRENCY} processes (got ${JSON.stringify(String(vars.WEB_CONCURRENCY))})`,
    );
  }
  if (!vars.S3_BUCKET && (vars.S3_ENDPOINT || vars.S3_ACCESS_KEY_ID || vars.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET must be set when other S3_ variables are (got undefined)');
  }
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (got only one)');
  }
  return problems;
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
