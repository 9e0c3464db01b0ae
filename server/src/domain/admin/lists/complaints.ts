import type { z } from 'zod';
import type { ZAdminComplaintsInput, ZAdminComplaintsPage } from '@curio/shared';
import { ZAdminComplaintStatus, uploadUrl } from '@curio/shared';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The complaints tab (rule AD-19): order complaints and the reports on listings and buying requests
 * (all stored in complaints), newest first, with reporter, the user complained about, what it
 * is about, the evidence images and the status; search in the reason text.
 */
export async function listComplaints(db: Kysely<Database>, input: z.output<typeof ZAdminComplaintsInput>): Promise<z.output<typeof ZAdminComplaintsPage>> {
  let filtered = db
    .selectFrom('complaints as c')
    .innerJoin('profiles as rp', 'rp.user_id', 'c.reporter_id')
    .leftJoin('profiles as tp', 'tp.user_id', 'c.target_user_id')
    .leftJoin('profiles as ap', 'ap.user_id', 'c.resolved_by')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('listings as l', 'l.id', 'c.listing_id')
    .leftJoin('buying_requests as br', 'br.id', 'c.buying_request_id');
  if (input.status) filtered = filtered.where('c.status', '=', input.status);
  if (input.search) filtered = filtered.where('c.reason', 'ilike', containsPattern(input.search));

  return adminPage(
    input,
    filtered,
    (complaints) =>
      complaints
        .select([
          'c.id',
          'c.type',
          'c.reason',
          'c.evidence_images',
          'c.status',
          'c.admin_response',
          'c.resolved_at',
          'c.created_at',
          'c.order_id',
          'c.listing_id',
          'c.buying_request_id',
          'c.reporter_id',
          'rp.nickname as reporter_nickname',
          'c.target_user_id',
          'tp.nickname as target_nickname',
          'c.resolved_by',
          'ap.nickname as resolver_nickname',
          'o.title as order_title',
          'l.title as listing_title',
          'br.title as request_title',
        ])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc'),
    (row) => {
      // the link columns are SET NULL when the listing or request is deleted: then only the text remains
      const target =
        row.order_id && row.order_title !== null
          ? { subject: 'order' as const, id: row.order_id, title: row.order_title }
          : row.listing_id && row.listing_title !== null
            ? { subject: 'listing' as const, id: row.listing_id, title: row.listing_title }
            : row.buying_request_id && row.request_title !== null
              ? { subject: 'buying_request' as const, id: row.buying_request_id, title: row.request_title }
              : null;
      return {
        id: row.id,
        subject: target?.subject ?? (row.type.startsWith('buying_request:') ? 'buying_request' : 'none'),
        type: row.type,
        reason: row.reason,
        evidence: row.evidence_images.map((key) => ({ key, url: uploadUrl(key) })),
        reporter: { id: row.reporter_id, nickname: row.reporter_nickname },
        targetUser: row.target_user_id && row.target_nickname !== null ? { id: row.target_user_id, nickname: row.target_nickname } : null,
        target: target ? { id: target.id, title: target.title } : null,
        status: ZAdminComplaintStatus.parse(row.status),
        adminResponse: row.admin_response,
        resolvedBy: row.resolved_by && row.resolver_nickname !== null ? { id: row.resolved_by, nickname: row.resolver_nickname } : null,
        resolvedAt: row.resolved_at,
        createdAt: row.created_at,
      };
    },
  );
}
