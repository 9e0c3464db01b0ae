import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Without SMTP_URL, mail goes to the server log and the dev outbox table
 * (readable at GET /dev/outbox), so the reset flow works on a laptop with nothing installed.
 */
export class LogMailer implements Mailer {
  private readonly db: Kysely<Database>;
  private readonly log: (line: string) => void;

  constructor(db: Kysely<Database>, log: (line: string) => void = console.log) {
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
    this.log(`[mail] to=${message.to} subject="${message.subject}"\n${message.text}`);
  }
}
