import type { z } from 'zod';
import type { ZTransferRecord } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';

/** Transfers where the member is sender or receiver, newest first, limit 20 (rule W-14). */
const TRANSFERS_SHOWN = 20;

/**
 * The member's last transfers. A sent one names the recipient by the e-mail the member typed;
 * a received one names the sender by nickname, never by e-mail address, which stays private.
 */
export async function myTransfers(services: AppServices, memberId: string): Promise<z.output<typeof ZTransferRecord>[]> {
  const me = memberId;
  const rows = await services.db
    .selectFrom('usdn_transfers as t')
    .innerJoin('profiles as sender', 'sender.user_id', 't.from_user_id')
    .select(['t.id', 't.from_user_id', 't.to_user_email', 't.amount_cents', 't.notes', 't.created_at', 'sender.nickname as sender_nickname'])
    .where((eb) => eb.or([eb('t.from_user_id', '=', me), eb('t.to_user_id', '=', me)]))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(TRANSFERS_SHOWN)
    .execute();
  return rows.map((row) => {
    const sent = row.from_user_id === me;
    return {
      id: row.id,
      direction: sent ? ('sent' as const) : ('received' as const),
      counterparty: sent ? row.to_user_email : row.sender_nickname,
      amountCents: row.amount_cents,
      notes: row.notes,
      createdAt: row.created_at,
    };
  });
}
