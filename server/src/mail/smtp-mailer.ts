import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/schema.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { mailSends } from '../observability/metrics.ts';

/** Short enough that a dead mail server fails a reset request in seconds, not minutes. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL).
 * Every message is also recorded in mail_outbox with its outcome, so an operator can see what
 * was sent and what failed.
 */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;
  private readonly db: Kysely<Database>;
  private readonly smtpUrl: string;
  private readonly from: string;

  constructor(db: Kysely<Database>, smtpUrl: string, from: string) {
    this.db = db;
    this.smtpUrl = smtpUrl;
    this.from = from;
  }

  /**
   * nodemailer is loaded with the first message rather than at start: mail is rare (sign-up,
   * password reset) and the library holds a few megabytes once loaded (docs/performance.md
   * "Server process memory").
   */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: this.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    const record = await this.db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to.toLowerCase(),
        subject: message.subject,
        text_body: message.text,
        transport: 'smtp',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const transport = await this.transporter();
      await transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      mailSends.inc({ transport: 'smtp', outcome: 'failed' });
      const reason = error instanceof Error ? error.message : String(error);
      await this.db
        .updateTable('mail_outbox')
        .set({ error: reason.slice(0, 1000) })
        .where('id', '=', record.id)
        .execute();
      throw error;
    }
    mailSends.inc({ transport: 'smtp', outcome: 'sent' });
    await this.db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', record.id).execute();
  }

  close(): void {
    // a transport that never loaded has nothing to close
    void this.transport?.then(
      (transport) => transport.close(),
      () => {},
    );
  }
}
