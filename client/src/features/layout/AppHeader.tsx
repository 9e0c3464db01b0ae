import { Button, Group, Skeleton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/use-session.ts';
import { CurrencySelect } from '../currency/CurrencySelect.tsx';
import { LanguagePicker } from '../language/LanguagePicker.tsx';
import { ThemeSwitcher } from '../theme/ThemeSwitcher.tsx';
import { AccountControl } from './AccountControl.tsx';
import { BalanceChips } from './BalanceChips.tsx';
import { BrandLink } from './BrandLink.tsx';
import { MessagesButton } from './MessagesButton.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';

/** Top bar (rule I-4), for members and visitors. */
export function AppHeader() {
  const { t } = useTranslation('common');
  const { user, isLoading } = useSession();

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <BrandLink withName={user ? 'from-xs' : true} />
      <Group component="nav" aria-label={t('nav.toolbar')} gap={6} wrap="nowrap" justify="flex-end">
        {user ? (
          <>
            <CurrencySelect size="xs" w={104} visibleFrom="lg" />
            <BalanceChips />
            <LanguagePicker />
            <ThemeSwitcher />
            <Button component={Link} to="/create" size="sm" radius="xl" leftSection={<IconPlus size={16} />} visibleFrom="md">
              {t('nav.publish')}
            </Button>
            <NotificationBell />
            <MessagesButton />
            <AccountControl user={user} />
          </>
        ) : (
          <>
            <LanguagePicker />
            <ThemeSwitcher />
            {isLoading ? (
              <Skeleton height={32} width={72} radius="xl" />
            ) : (
              <Button component={Link} to="/auth" size="sm" radius="xl">
                {t('nav.login')}
              </Button>
            )}
          </>
        )}
      </Group>
    </Group>
  );
}
