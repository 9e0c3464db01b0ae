import { ActionIcon, Badge, Box, Chip, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBan, IconCoins, IconDots, IconLockOpen } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_USER_FILTERS, formatCents, type TAdminUser, type TAdminUserFilter } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { Money } from '../../../components/Money.tsx';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';
import { AdjustUsdnDialog } from './AdjustUsdnDialog.tsx';

/**
 * Rules AD-8 and AD-9: every user with USDN balance and ban state; ban (reason required), unban, and
 * whole-number USDN adjustments. A table on wide screens, one card per user on phones.
 */
export function UsersTab() {
  const { t } = useTranslation(['admin-people', 'admin']);
  const list = useAdminList();
  const [filter, setFilter] = useState<TAdminUserFilter>('all');
  const users = trpc.admin.users.list.useQuery({ ...list.input, filter }, { placeholderData: keepPreviousData });
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [banTarget, setBanTarget] = useState<TAdminUser | null>(null);
  const [adjustTarget, setAdjustTarget] = useState<TAdminUser | null>(null);
  const ban = trpc.admin.users.ban.useMutation(useAdminMutationOptions(t('users.bannedToast'), () => setBanTarget(null)));
  const unban = trpc.admin.users.unban.useMutation(useAdminMutationOptions(t('users.unbannedToast')));

  const confirmUnban = (user: TAdminUser) =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('users.unbanTitle', { name: user.nickname })}</Text>,
      children: <Text size="sm">{t('users.unbanBody')}</Text>,
      labels: { confirm: t('users.unban'), cancel: t('admin:kit.cancel') },
      centered: true,
      onConfirm: () => unban.mutate({ userId: user.id }),
    });

  const actions = { onBan: setBanTarget, onUnban: confirmUnban, onAdjust: setAdjustTarget };

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.users')} description={t('users.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField
          listState={list}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchPlaceholder')}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Chip.Group
          value={filter}
          onChange={(value) => {
            setFilter(value);
            list.restart();
          }}
        >
          <Group gap={6} role="group" aria-label={t('users.filterLabel')}>
            {ADMIN_USER_FILTERS.map((key) => (
              <Chip key={key} value={key} size="sm">
                {t(`users.filters.${key}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>

      <AdminListBody query={users} page={list.page} onPage={list.setPage} loadFailedText={t('users.loadFailed')}>
        {(items) =>
          wide ? (
            <UsersTable users={items} {...actions} />
          ) : (
            <Stack gap="sm">
              {items.map((user) => (
                <UserCard key={user.id} user={user} {...actions} />
              ))}
            </Stack>
          )
        }
      </AdminListBody>

      <ReasonDialog
        opened={banTarget !== null}
        title={t('users.banTitle', { name: banTarget?.nickname ?? '' })}
        label={t('users.banReason')}
        requiredMessage={t('errors:REASON_REQUIRED')}
        confirmLabel={t('users.ban')}
        color="red"
        loading={ban.isPending}
        onClose={() => setBanTarget(null)}
        onConfirm={(reason) => banTarget && ban.mutate({ userId: banTarget.id, reason })}
      >
        <Text size="sm">{t('users.banExplain')}</Text>
      </ReasonDialog>
      <AdjustUsdnDialog user={adjustTarget} onClose={() => setAdjustTarget(null)} />
    </Stack>
  );
}

interface RowActions {
  onBan: (user: TAdminUser) => void;
  onUnban: (user: TAdminUser) => void;
  onAdjust: (user: TAdminUser) => void;
}

function BanState({ user, withReason = true }: { user: TAdminUser; withReason?: boolean }) {
  if (!user.ban) return <AdminStatusBadge status="active" />;
  return (
    <Stack gap={2}>
      <AdminStatusBadge status="banned" />
      {withReason && <BanReason user={user} lines={2} />}
    </Stack>
  );
}

function BanReason({ user, lines }: { user: TAdminUser; lines?: number }) {
  const { t, i18n } = useTranslation('admin-people');
  if (!user.ban) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={lines} title={user.ban.reason}>
      {t('users.bannedSince', { date: formatFull(user.ban.bannedAt, i18n.language), reason: user.ban.reason })}
    </Text>
  );
}

function Balance({ user }: { user: TAdminUser }) {
  const { t } = useTranslation('admin-people');
  return (
    <Stack gap={0}>
      <Money cents={user.usdnCents} size="sm" fw={600} data-testid="user-usdn" />
      <Text size="xs" c="dimmed" data-testid="user-usdn-held">
        {t('users.held', { amount: formatCents(user.usdnHeldCents) })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="user-usdn-escrow">
        {t('users.escrow', { amount: formatCents(user.usdnEscrowCents) })}
      </Text>
    </Stack>
  );
}

function ActionsMenu({ user, onBan, onUnban, onAdjust }: { user: TAdminUser } & RowActions) {
  const { t } = useTranslation(['admin-people', 'admin']);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actionsFor', { name: user.nickname })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCoins size={16} />} onClick={() => onAdjust(user)}>
          {t('users.adjust')}
        </Menu.Item>
        {user.ban ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onUnban(user)}>
            {t('users.unban')}
          </Menu.Item>
        ) : (
          // admins cannot be banned (the server refuses too); the entry is not offered
          !user.isAdmin && (
            <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => onBan(user)}>
              {t('users.ban')}
            </Menu.Item>
          )
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function NameCell({ user }: { user: TAdminUser }) {
  const { t } = useTranslation('admin-people');
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
      <MemberLink userId={user.id} nickname={user.nickname} />
      {user.isAdmin && (
        <Badge size="xs" variant="outline" color="violet" style={{ flexShrink: 0 }}>
          {t('users.adminBadge')}
        </Badge>
      )}
    </Group>
  );
}

function UsersTable({ users, ...actions }: { users: TAdminUser[] } & RowActions) {
  const { t, i18n } = useTranslation(['admin-people', 'admin']);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.user')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <Table.Th>{t('users.columns.usdn')}</Table.Th>
            <Table.Th>{t('users.columns.status')}</Table.Th>
            <Table.Th>{t('users.columns.joined')}</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>{t('admin:kit.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
              <Table.Td>
                <NameCell user={user} />
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Balance user={user} />
              </Table.Td>
              <Table.Td maw={260}>
                {/* a minimum width of its own: a table cell's min-width alone does not stop the badge truncating */}
                <Box miw={110}>
                  <BanState user={user} />
                </Box>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatFull(user.createdAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ActionsMenu user={user} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCard({ user, ...actions }: { user: TAdminUser } & RowActions) {
  const { t, i18n } = useTranslation('admin-people');
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`user-row-${user.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <NameCell user={user} />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
          <ActionsMenu user={user} {...actions} />
        </Group>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Balance user={user} />
          <BanState user={user} withReason={false} />
        </Group>
        <BanReason user={user} />
        <Text size="xs" c="dimmed">
          {t('users.joined', { date: formatFull(user.createdAt, i18n.language) })}
        </Text>
      </Stack>
    </Paper>
  );
}
