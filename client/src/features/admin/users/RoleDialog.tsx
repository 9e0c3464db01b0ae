import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

/** Who gains (admin: true) or loses (false) the admin role. */
export interface RoleChange {
  user: Pick<TAdminUser, 'id' | 'nickname'>;
  admin: boolean;
}

/**
 * Grant or revoke the admin role with a reason for the audit log. The server keeps the last
 * admin (LAST_ADMIN) and refuses a banned member (CANNOT_PROMOTE_BANNED); the toast says so.
 */
export function RoleDialog({ change, onClose }: { change: RoleChange | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-people', 'errors']);
  const granting = change?.admin ?? true;
  const setRole = trpc.admin.users.setRole.useMutation(useAdminMutationOptions(granting ? t('users.grantedToast') : t('users.revokedToast'), onClose));
  const name = change?.user.nickname ?? '';
  return (
    <ReasonDialog
      opened={change !== null}
      title={granting ? t('users.grantTitle', { name }) : t('users.revokeTitle', { name })}
      label={t('users.roleReason')}
      requiredMessage={t('errors:REASON_REQUIRED')}
      confirmLabel={granting ? t('users.grantAdmin') : t('users.revokeAdmin')}
      color={granting ? 'violet' : 'red'}
      loading={setRole.isPending}
      onClose={onClose}
      onConfirm={(reason) => change && setRole.mutate({ userId: change.user.id, admin: change.admin, reason })}
    >
      <Text size="sm">{granting ? t('users.grantExplain') : t('users.revokeExplain')}</Text>
    </ReasonDialog>
  );
}
