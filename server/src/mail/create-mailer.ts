import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';
import { LogMailer, logMailKept, logWholeMail } from './log-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set (engineering rule E-10), else the server log plus the dev outbox. */
export function createMailer(config: AppConfig, db: Kysely<Database>): Mailer {
  if (config.smtpUrl) return new SmtpMailer(db, config.smtpUrl, config.mailFrom);
  return new LogMailer(db, config.production ? logMailKept : logWholeMail);
}
