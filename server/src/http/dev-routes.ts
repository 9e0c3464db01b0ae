import type { Express } from 'express';
import type { AppServices } from '../services/app-services.ts';

/**
 * Development-only helpers, never mounted when NODE_ENV=production.
 * GET /dev/outbox?to=email lists the mails the log transport "sent", newest first,
 * so a developer (and the browser tests) can follow a reset link without an SMTP server.
 */
export function mountDevRoutes(app: Express, services: AppServices): void {
  app.get('/dev/outbox', async (req, res) => {
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
