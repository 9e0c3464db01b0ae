import type { Express } from 'express';
import type { AppServices } from '../app-services.ts';
import { isLoopback } from './loopback.ts';

/**
 * Development helpers, mounted only when DEV_OUTBOX=true outside production (config.ts).
 * GET /dev/outbox?to=email lists the mails the log transport "sent", newest first, so a
 * developer (and the browser tests) can follow a reset or verification link without an SMTP
 * server. Those links sign people in, so only this machine may read them: the socket's own
 * peer must be loopback, whatever X-Forwarded-For claims.
 */
export function mountDevRoutes(app: Express, services: AppServices): void {
  app.get('/dev/outbox', async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      res.status(404).end();
      return;
    }
    const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : null;
    let query = services.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(50);
    if (to) query = query.where('to_address', '=', to);
    res.json(await query.execute());
  });
}
