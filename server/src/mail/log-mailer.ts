import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { componentLogger } from '../observability/logger.ts';
import { mailSends } from '../observability/metrics.ts';

const log = componentLogger('mail');

/** On a laptop the log is where mail is read, links included. */
export function logWholeMail(message: MailMessage): void {
  log.info({ subject: message.subject }, `mail kept in the outbox (no SMTP_URL)\n${message.text}`);
}

/** In production a mail's text holds sign-in and reset links, which must not reach log storage. */
export function logMailKept(message: MailMessage): void {
  log.warn({ subject: message.subject }, 'mail kept in the outbox, not sent: SMTP_URL is not set');
}

/**
 * Without SMTP_URL, mail goes to the server log and the dev outbox table
 * (readable at GET /dev/outbox), so the reset flow works on a laptop with nothing installed.
 */
export class LogMailer implements Mailer {
  private readonly db: Kysely<Database>;
  private readonly log: (message: MailMessage) => void;

  constructor(db: Kysely<Database>, log: (message: MailMessage) => void = logWholeMail) {
    this.db = db;
    this.log = log;
  }

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to.toLowerCase(),
        subject: message.subject,
        text_body: message.text,
        transport: 'log',
        sent_at: new Date(),
      })
      .execute();
    mailSends.inc({ transport: 'log', outcome: 'kept' });
    this.log(message);
  }
}
