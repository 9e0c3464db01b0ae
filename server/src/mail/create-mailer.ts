import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';
import { LogMailer } from './log-mailer.ts';

export function createMailer(_config: AppConfig, db: Kysely<Database>): Mailer {
  return new LogMailer(db);
}
