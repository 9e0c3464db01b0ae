import { ActionIcon, Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import type { TSessionUser } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useApiControl } from '../../app/ApiProvider.tsx';
import { errorMessage } from '../../lib/app-error.ts';
import { ACCOUNT_LINK_GROUPS } from './account-links.ts';

/**
 * The avatar goes to the own profile; the chevron beside it opens the account menu, so both
 * work by touch and keyboard without a hover-only trigger.
 */
export function AccountControl({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const apiControl = useApiControl();
  const signOut = trpc.auth.signOut.useMutation({
    onSuccess: () => {
      apiControl.restartApi();
      notifications.show({ color: 'teal', message: t('account.signedOut') });
      void navigate('/');
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  return (
    <Group gap={2} wrap="nowrap">
      <UnstyledButton component={Link} to="/profile" aria-label={t('account.profile', { name: user.nickname })} style={{ borderRadius: '50%' }}>
        <Avatar src={user.avatarUrl} alt="" size={34} radius="xl" color="grape" name={user.nickname} />
      </UnstyledButton>
      <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('account.menu')}>
            <IconChevronDown size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to="/profile"
            leftSection={<Avatar src={user.avatarUrl} alt="" size={28} radius="xl" color="grape" name={user.nickname} />}
          >
            <Text size="sm" fw={600} lineClamp={1}>
              {user.nickname}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {user.email}
            </Text>
          </Menu.Item>
          {ACCOUNT_LINK_GROUPS.map((group) => (
            <div key={group.labelKey} role="group" aria-label={t(group.labelKey)}>
              <Menu.Divider />
              <Menu.Label>{t(group.labelKey)}</Menu.Label>
              {group.links.map(({ to, labelKey, Icon }) => (
                <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} stroke={1.6} />}>
                  {t(labelKey)}
                </Menu.Item>
              ))}
            </div>
          ))}
          {user.isAdmin && (
            <>
              <Menu.Divider />
              <Menu.Item component={Link} to="/admin" color="grape" leftSection={<IconShieldLock size={16} stroke={1.6} />}>
                {t('account.admin')}
              </Menu.Item>
            </>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.6} />} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {t('account.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
