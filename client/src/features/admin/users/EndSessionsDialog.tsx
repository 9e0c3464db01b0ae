import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/app-error.ts';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';

/** Whose sessions end: the member as the users tab and the detail view know them. */
export type EndSessionsTarget = Pick<TAdminUser, 'id' | 'nickname'>;

/**
 * End all sessions (ADR 0044): every cookie session of the member ends and every API token of
 * theirs is revoked, with a reason for the audit log. The toast says how many of each ended, so
 * the admin sees whether there was anything to end.
 */
export function EndSessionsDialog({ target, onClose }: { target: EndSessionsTarget | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-people', 'errors']);
  const utils = trpc.useUtils();
  const endSessions = trpc.admin.users.endSessions.useMutation();
  const name = target?.nickname ?? '';

  // the admin toasts of useAdminMutationOptions, with a success text that needs the answer's counts
  const end = (member: EndSessionsTarget, reason: string) =>
    endSessions.mutate(
      { userId: member.id, reason },
      {
        onSuccess: ({ endedSessions, revokedTokens }) => {
          notifications.show({
            color: 'teal',
            message: t('users.endSessionsToast', {
              name: member.nickname,
              sessions: t('users.sessionsEnded', { count: endedSessions }),
              tokens: t('users.tokensRevoked', { count: revokedTokens }),
            }),
          });
          void utils.admin.invalidate();
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  return (
    <ReasonDialog
      opened={target !== null}
      title={t('users.endSessionsTitle', { name })}
      label={t('users.endSessionsReason')}
      requiredMessage={t('errors:REASON_REQUIRED')}
      confirmLabel={t('users.endSessions')}
      color="red"
      loading={endSessions.isPending}
      onClose={onClose}
      onConfirm={(reason) => target && end(target, reason)}
    >
      <Text size="sm">{t('users.endSessionsExplain')}</Text>
    </ReasonDialog>
  );
}
