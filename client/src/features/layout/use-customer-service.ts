import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useSession } from '../auth/use-session.ts';

export interface CustomerService {
  /** Customer service is switched on: only then is a way to contact support offered. */
  enabled: boolean;
  /** The support admin is being looked up. */
  opening: boolean;
  /** Opens the chat with the support admin, or says why it cannot. */
  open: () => Promise<void>;
}

/**
 * Contacting support (rule C-11), one behaviour for every place that offers it (the floating
 * button, the footer, the sitemap): a visitor is asked to sign in, a member gets the chat with
 * the support admin, and with none left the server's `NO_CUSTOMER_SERVICE` is shown translated.
 */
export function useCustomerService(): CustomerService {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const settings = trpc.system.publicSettings.useQuery(undefined, { staleTime: 5 * 60_000 });
  const [opening, setOpening] = useState(false);

  const open = async () => {
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

  return { enabled: settings.data?.customerServiceEnabled === true, opening, open };
}
