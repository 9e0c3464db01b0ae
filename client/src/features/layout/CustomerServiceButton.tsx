import { ActionIcon, Affix, Tooltip } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCustomerService } from './use-customer-service.ts';

/**
 * Floating support button (rule C-11), only while customer service is enabled.
 * It sits above the phone bottom bar: AppShell publishes the bar's height as
 * --app-shell-footer-offset (0 from `sm` up).
 */
export function CustomerServiceButton() {
  const { t } = useTranslation('common');
  const support = useCustomerService();
  if (!support.enabled) return null;

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
          loading={support.opening}
          onClick={() => void support.open()}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          <IconHeadset size={26} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Affix>
  );
}
