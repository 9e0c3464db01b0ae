import { describe, expect, test } from '../../helpers/fixtures.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { createMailer } from '../../../server/src/mail/create-mailer.ts';
import { LogMailer } from '../../../server/src/mail/log-mailer.ts';
import { SmtpMailer } from '../../../server/src/mail/smtp-mailer.ts';
import { closedPort, startSmtpTestServer } from './smtp-test-server.ts';

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;

test.beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
test.afterAll(async () => {
  await smtp?.close();
});

describe('createMailer', () => {
  test('without SMTP_URL mail goes to the log and the dev outbox', ({ db }) => {
    expect(createMailer(loadConfig({}), db.db)).toBeInstanceOf(LogMailer);
  });

  test('with SMTP_URL it sends through SMTP', ({ db }) => {
    const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), db.db);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    (mailer as SmtpMailer).close();
  });
});

describe('SmtpMailer', () => {
  test('delivers over SMTP and records the message as sent in mail_outbox', async ({ db }) => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Curio <no-reply@example.test>' });
    const mailer = createMailer(config, db.db) as SmtpMailer;
    try {
      await mailer.send({ to: 'Someone@Example.test', subject: 'Hello there', text: 'line one\nline two' });
    } finally {
      mailer.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@example.test');
    expect(mail!.to.map((address) => address.toLowerCase())).toEqual(['someone@example.test']);
    expect(mail!.data).toContain('Subject: Hello there');
    expect(mail!.data).toContain('line two');
    const row = await db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'someone@example.test').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ transport: 'smtp', subject: 'Hello there', error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  test('a failed delivery throws and is recorded with its error', async ({ db }) => {
    const port = await closedPort();
    const mailer = new SmtpMailer(db.db, `smtp://127.0.0.1:${port}`, 'Curio <no-reply@example.test>');
    await expect(mailer.send({ to: 'nobody@example.test', subject: 'Lost', text: 'never arrives' })).rejects.toThrow();
    mailer.close();
    const row = await db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'nobody@example.test').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(row.error).toMatch(/ECONNREFUSED/);
  });
});
