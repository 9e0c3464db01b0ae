import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { LOG_LEVELS, type LogLevel } from '../config.ts';

/**
 * The one logger of a server process (engineering rule E-17). Every line written while a request
 * is handled carries that request's id, also lines written by domain code, jobs it triggers or
 * the event bus, because the id travels in async context rather than through every signature.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Anything that looks like an e-mail address in a message or an error; members' addresses stay out of logs. */
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

function maskEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** Secrets by field name, wherever a caller puts them in a log object. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'email',
  'password',
  'token',
  '*.email',
  '*.password',
  '*.token',
];

function errorSerializer(error: Error) {
  const serialized = stdSerializers.err(error);
  serialized.message = maskEmails(serialized.message);
  if (serialized.stack) serialized.stack = maskEmails(serialized.stack);
  return serialized;
}

function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: errorSerializer, error: errorSerializer },
    // a fresh object each line: pino merges the line's own fields into what the mixin returns,
    // and a line that names its request itself (the access line) keeps its own reqId
    mixin: () => {
      const store = requestContext.getStore();
      return store ? { reqId: store.reqId } : {};
    },
    hooks: {
      // printf-style arguments and the message itself may quote an address
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
}

/**
 * Standard output, written asynchronously: lines logged while a write is under way go out
 * together in the next one, instead of one blocking write per line (an access line per request
 * made that the largest cost of a trivial request: docs/performance.md "HTTP overhead"). pino
 * writes what is still buffered synchronously when the process exits (ADR 0040).
 */
function stdoutLines(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/** JSON lines, or pino-pretty on a developer's terminal (it is a dev dependency, absent in production). */
async function destination(): Promise<DestinationStream | undefined> {
  if (process.env.NODE_ENV === 'production' || !process.stdout.isTTY) return stdoutLines();
  try {
    const { default: pretty } = await import('pino-pretty');
    // the access line's message already says method, path, status and time
    return pretty({ ignore: 'pid,hostname,req,res,responseTime', translateTime: 'HH:MM:ss.l' });
  } catch {
    return undefined;
  }
}

function initialLevel(): LogLevel {
  const wanted = process.env.LOG_LEVEL;
  // an invalid LOG_LEVEL is reported by the configuration check; until then, the default
  return LOG_LEVELS.find((level) => level === wanted) ?? 'info';
}

export const logger: Logger = pino(loggerOptions(initialLevel()), await destination());

/** A logger for one part of the server, named in every line it writes. */
export function componentLogger(component: string): Logger {
  return logger.child({ component });
}
