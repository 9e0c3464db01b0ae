import { ActionIcon, Affix, Tooltip } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useSession } from '../auth/use-session.ts';

/**
 * Floating support button (rule C-11), only while customer service is enabled.
 * It sits above the phone bottom bar: AppShell publishes the bar's height as
 * --app-shell-footer-offset (0 from `sm` up).
 */
export function CustomerServiceButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const settings = trpc.system.publicSettings.useQuery(undefined, { staleTime: 5 * 60_000 });
  const [opening, setOpening] = useState(false);

  if (!settings.data?.customerServiceEnabled) return null;

  const openChat = async () => {
    if (!user) {
      notifications.show({ color: 'yellow', message: t('toast.loginFirst') });
      void navigate('/auth');
      return;
    }
    setOpening(true);
    try {
      const { adminId } = await utils.system.customerService.fetch(undefined, { staleTime: 0, retry: false });
      void navigate(`/messages?userId=${encodeURIComponent(adminId)}`);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  };

  const label = t('customerService.button');
  return (
    <Affix position={{ bottom: 'calc(var(--app-shell-footer-offset, 0rem) + var(--page-action-bar-height, 0rem) + 20px)', right: 20 }} zIndex={150}>
      <Tooltip label={label} position="left">
        <ActionIcon
          size={52}
          radius="xl"
          variant="gradient"
          gradient={{ from: 'grape', to: 'violet', deg: 135 }}
          aria-label={label}
          loading={opening}
          onClick={() => void openChat()}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          <IconHeadset size={26} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Affix>
  );
}
