import { Badge, Box, Burger, Center, Container, Drawer, Group, Indicator, Loader, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAdminPendingCounts } from '@curio/shared';
import { useRequireMember } from '../auth/use-require-member.ts';
import { useTabParam } from '../../lib/use-tab-param.ts';
import { ADMIN_TABS, ADMIN_TAB_EVENT, ADMIN_TAB_KEYS, type AdminTabKey } from './admin-tabs.ts';
import { usePendingCounts } from './use-pending-counts.ts';

/**
 * /admin (rules AD-1 to AD-3). The role is checked here only to choose what to show: every admin
 * procedure checks it again on the server. Visitors go to /auth, members without the role
 * see the no-permission message and go home.
 */
export function AdminConsolePage() {
  const { t } = useTranslation('admin');
  const { user, isLoading } = useRequireMember();
  const navigate = useNavigate();
  const isAdmin = user?.isAdmin === true;
  const refused = !isLoading && user !== null && !isAdmin;
  useDocumentTitle(t('title'));

  useEffect(() => {
    if (!refused) return;
    notifications.show({ id: 'admin-required', color: 'red', message: t('noPermission') });
    void navigate('/', { replace: true });
  }, [refused, navigate, t]);

  if (!isAdmin) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return <AdminConsole />;
}

function AdminConsole() {
  const { t } = useTranslation('admin');
  const [tab, selectTab] = useTabParam(ADMIN_TAB_KEYS, { ownParams: true });
  const pending = usePendingCounts(true);
  const desktop = useMediaQuery('(min-width: 62em)', true);
  const [menuOpened, menu] = useDisclosure(false);

  useEffect(() => {
    const onSwitch = (event: Event) => selectTab(String((event as CustomEvent<unknown>).detail));
    window.addEventListener(ADMIN_TAB_EVENT, onSwitch);
    return () => window.removeEventListener(ADMIN_TAB_EVENT, onSwitch);
  }, [selectTab]);

  const choose = (key: AdminTabKey) => {
    selectTab(key);
    menu.close();
  };
  const { Component } = ADMIN_TABS[tab];
  const waiting = pending ? Object.values(pending).reduce((sum, count) => sum + count, 0) : 0;

  return (
    <Container size="xl" py="md" px={{ base: 'sm', sm: 'md' }}>
      <Group gap="sm" mb="md" wrap="nowrap">
        {!desktop && (
          // the badges live in the closed drawer on phones: a dot on the menu button says something waits
          <Indicator disabled={waiting === 0} color="red" size={9} offset={3} processing>
            <Burger opened={menuOpened} onClick={menu.toggle} aria-label={t('menuLabel')} size="sm" />
          </Indicator>
        )}
        <IconShieldLock size={26} stroke={1.6} color="var(--mantine-color-grape-6)" aria-hidden />
        {/* the title keeps one line; the tab name beside it (phones) gives way with an ellipsis */}
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {t('title')}
        </Title>
        {!desktop && (
          <Text c="dimmed" size="sm" truncate="end" style={{ minWidth: 0 }}>
            · {t(`tabs.${tab}`)}
          </Text>
        )}
      </Group>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {desktop && (
          <Paper component="nav" withBorder radius="md" p={6} w={230} style={{ flexShrink: 0, position: 'sticky', top: 72 }} aria-label={t('menuLabel')}>
            <TabMenu active={tab} pending={pending} onSelect={choose} />
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            <Stack gap="md">
              <Component />
            </Stack>
          </Suspense>
        </Box>
      </Group>
      <Drawer opened={menuOpened && !desktop} onClose={menu.close} title={t('title')} size={280}>
        <Box component="nav" aria-label={t('menuLabel')}>
          <TabMenu active={tab} pending={pending} onSelect={choose} />
        </Box>
      </Drawer>
    </Container>
  );
}

function TabMenu({ active, pending, onSelect }: { active: AdminTabKey; pending: TAdminPendingCounts | null; onSelect: (key: AdminTabKey) => void }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={2}>
      {ADMIN_TAB_KEYS.map((key) => {
        const { icon: TabIcon, badge } = ADMIN_TABS[key];
        const count = badge && pending ? pending[badge] : 0;
        return (
          <NavLink
            key={key}
            href={`/admin${key === 'dashboard' ? '' : `?tab=${key}`}`}
            active={key === active}
            label={t(`tabs.${key}`)}
            leftSection={<TabIcon size={18} stroke={1.6} aria-hidden />}
            rightSection={
              count > 0 ? (
                <Badge size="sm" color="red" circle={count < 10} aria-label={t('pendingBadge', { count })} data-testid={`admin-badge-${key}`}>
                  {count > 99 ? '99+' : count}
                </Badge>
              ) : undefined
            }
            onClick={(event) => {
              event.preventDefault();
              onSelect(key);
            }}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            data-testid={`admin-tab-${key}`}
          />
        );
      })}
    </Stack>
  );
}
