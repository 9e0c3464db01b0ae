import type { z } from 'zod';
import type { ZChatPeerDetail, ZPeerInput } from '@curio/shared';
import { uploadUrl } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { blockStateBetween } from './blocks.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Who a conversation is with, and whether either side blocked the other: the thread header,
 * the block menu and the "cannot contact this seller" notice read it before anything is sent.
 */
export async function chatPeer(services: AppServices, memberId: string, input: z.output<typeof ZPeerInput>): Promise<z.output<typeof ZChatPeerDetail>> {
  if (input.peerId === memberId) throw new DomainError('CANNOT_MESSAGE_SELF');
  const row = await services.db
    .selectFrom('profiles')
    .select([
      'user_id',
      'nickname',
      'avatar_key',
      (eb) =>
        eb
          .exists(eb.selectFrom('user_roles').select('user_id').whereRef('user_roles.user_id', '=', 'profiles.user_id').where('role', '=', 'admin'))
          .as('is_admin'),
    ])
    .where('user_id', '=', input.peerId)
    .executeTakeFirst();
  if (!row) throw new DomainError('USER_NOT_FOUND');
  return {
    id: row.user_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null,
    isAdmin: Boolean(row.is_admin),
    blockState: await blockStateBetween(services.db, memberId, input.peerId),
  };
}
