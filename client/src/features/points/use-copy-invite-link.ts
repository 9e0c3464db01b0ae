import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { invitationLink, LIMITS } from '@curio/shared';

/**
 * Copies `${origin}/auth?invite=CODE` (rule P-12) with the "invite link copied" toast and a
 * copied state that lasts 2 seconds.
 */
export function useCopyInviteLink() {
  const { t } = useTranslation('points');
  const clipboard = useClipboard({ timeout: LIMITS.copiedStateMs });
  const copy = (code: string) => {
    clipboard.copy(invitationLink(window.location.origin, code));
    notifications.show({ color: 'teal', message: t('invite.linkCopied') });
  };
  return { copy, copied: clipboard.copied, error: clipboard.error };
}
