import { ActionIcon, Anchor, Badge, Box, Chip, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBan, IconCoins, IconDots, IconId, IconLockOpen, IconLogout, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_USER_FILTERS, ADMIN_USER_SORTS, BRAND, formatCents, type TAdminUser, type TAdminUserSort } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { Money } from '../../../components/Money.tsx';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList, type AdminSortState } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';
import { AdjustUsdnDialog } from './AdjustUsdnDialog.tsx';
import { EndSessionsDialog, type EndSessionsTarget } from './EndSessionsDialog.tsx';
import { MemberDetail } from './MemberDetail.tsx';
import { RoleDialog, type RoleChange } from './RoleDialog.tsx';
import { SortableTh } from '../kit/SortableTh.tsx';
import { AdminDateRange } from '../kit/AdminDateRange.tsx';
import { ExportCsvButton } from '../kit/ExportCsvButton.tsx';
import { AdminSortSelect } from '../kit/AdminSortSelect.tsx';

type Sort = AdminSortState<TAdminUserSort>;

/**
 * Rules AD-8, AD-9 and AD-28 to AD-32: every user with USDN balance and ban state; ban (reason
 * required), unban, whole-number USDN adjustments, the admin role, a member detail view and a
 * CSV export. Filter, search, sort, sign-up dates, page and the open member live in the URL.
 * A table on wide screens, one card per user on phones.
 */
export function UsersTab() {
  const { t } = useTranslation(['admin-people', 'admin', 'errors']);
  const list = useAdminList();
  const [filterParam, setFilterParam] = list.param('filter', ADMIN_USER_FILTERS);
  const filter = filterParam ?? 'all';
  const sort = list.sortState(ADMIN_USER_SORTS);
  const [memberId, setMemberId] = list.selection('member');
  const input = { ...list.input, filter, ...sort.input, ...list.dateInput };
  const users = trpc.admin.users.list.useQuery(input, { placeholderData: keepPreviousData });
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [banTarget, setBanTarget] = useState<TAdminUser | null>(null);
  const [adjustTarget, setAdjustTarget] = useState<TAdminUser | null>(null);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [endTarget, setEndTarget] = useState<EndSessionsTarget | null>(null);
  const ban = trpc.admin.users.ban.useMutation(useAdminMutationOptions(t('users.bannedToast'), () => setBanTarget(null)));
  const unban = trpc.admin.users.unban.useMutation(useAdminMutationOptions(t('users.unbannedToast')));
  const exportUsers = trpc.admin.users.exportCsv.useMutation();

  const confirmUnban = (user: TAdminUser) =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('users.unbanTitle', { name: user.nickname })}</Text>,
      children: <Text size="sm">{t('users.unbanBody')}</Text>,
      labels: { confirm: t('users.unban'), cancel: t('admin:kit.cancel') },
      centered: true,
      onConfirm: () => unban.mutate({ userId: user.id }),
    });

  const actions: RowActions = {
    onBan: setBanTarget,
    onUnban: confirmUnban,
    onAdjust: setAdjustTarget,
    onEndSessions: setEndTarget,
    onRole: (user) => setRoleChange({ user, admin: !user.isAdmin }),
    onOpen: (user) => setMemberId(user.id),
  };
  const { page: _page, pageSize: _pageSize, ...filters } = input;
  const columnLabels = {
    id: t('users.columns.id'),
    email: t('users.columns.email'),
    nickname: t('users.columns.user'),
    role: t('users.columns.role'),
    usdn: t('users.columns.usdn'),
    usdnHeld: t('detail.held'),
    points: t('detail.points', { brand: BRAND }),
    ban: t('users.banReason'),
    createdAt: t('users.columns.joined'),
    lastActiveAt: t('users.columns.lastActive'),
  };

  // the role as the table reads it, not its code (a script calling without these gets the codes)
  const valueLabels = { role: { admin: t('users.roles.admin'), member: t('users.roles.member') } };

  return (
    <Stack gap="md">
      <TabHeader
        title={t('admin:tabs.users')}
        description={t('users.description')}
        actions={<ExportCsvButton testId="users-export" exportCsv={() => exportUsers.mutateAsync({ ...filters, labels: columnLabels, values: valueLabels })} />}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField
          listState={list}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchPlaceholder')}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <AdminDateRange list={list} label={t('users.joinedRange')} />
        {!wide && (
          <AdminSortSelect
            sort={sort}
            columns={ADMIN_USER_SORTS}
            fallback="createdAt"
            label={t('users.sortLabel')}
            labelOf={(column, direction) => t(`users.sorts.${column}_${direction}`)}
          />
        )}
        <Chip.Group value={filter} onChange={(value) => setFilterParam(value === 'all' ? null : value)}>
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
            <UsersTable users={items} sort={sort} {...actions} />
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
      <RoleDialog change={roleChange} onClose={() => setRoleChange(null)} />
      <MemberDetail userId={memberId} onClose={() => setMemberId(null)} onRole={actions.onRole} onEndSessions={actions.onEndSessions} />
      {/* after the detail view, which opens it: a dialog mounted later stacks above */}
      <EndSessionsDialog target={endTarget} onClose={() => setEndTarget(null)} />
    </Stack>
  );
}

export interface RowActions {
  onBan: (user: TAdminUser) => void;
  onUnban: (user: TAdminUser) => void;
  onAdjust: (user: TAdminUser) => void;
  /** End every session and API token of the member (ADR 0044). */
  onEndSessions: (user: TAdminUser) => void;
  onRole: (user: TAdminUser) => void;
  onOpen: (user: TAdminUser) => void;
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

function ActionsMenu({ user, onBan, onUnban, onAdjust, onEndSessions, onRole, onOpen }: { user: TAdminUser } & RowActions) {
  const { t } = useTranslation(['admin-people', 'admin']);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actionsFor', { name: user.nickname })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconId size={16} />} onClick={() => onOpen(user)}>
          {t('users.details')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCoins size={16} />} onClick={() => onAdjust(user)}>
          {t('users.adjust')}
        </Menu.Item>
        {user.isAdmin ? (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => onRole(user)}>
            {t('users.revokeAdmin')}
          </Menu.Item>
        ) : (
          // a banned member cannot be made admin (the server refuses too)
          !user.ban && (
            <Menu.Item leftSection={<IconShieldCheck size={16} />} onClick={() => onRole(user)}>
              {t('users.grantAdmin')}
            </Menu.Item>
          )
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => onEndSessions(user)}>
          {t('users.endSessions')}
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

/** The nickname opens the member detail view (the public profile is one click further, inside it). */
function NameCell({ user, onOpen }: { user: TAdminUser; onOpen: (user: TAdminUser) => void }) {
  const { t } = useTranslation('admin-people');
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
      <Anchor component="button" type="button" size="sm" fw={600} lineClamp={1} onClick={() => onOpen(user)} data-testid={`open-member-${user.id}`}>
        {user.nickname}
      </Anchor>
      {user.isAdmin && (
        <Badge size="xs" variant="outline" color="violet" style={{ flexShrink: 0 }}>
          {t('users.adminBadge')}
        </Badge>
      )}
    </Group>
  );
}

function UsersTable({ users, sort, ...actions }: { users: TAdminUser[]; sort: Sort } & RowActions) {
  const { t, i18n } = useTranslation(['admin-people', 'admin']);
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="nickname" state={sort}>
              {t('users.columns.user')}
            </SortableTh>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <SortableTh column="usdn" state={sort}>
              {t('users.columns.usdn')}
            </SortableTh>
            <Table.Th>{t('users.columns.status')}</Table.Th>
            <SortableTh column="createdAt" state={sort}>
              {t('users.columns.joined')}
            </SortableTh>
            <SortableTh column="lastActiveAt" state={sort}>
              {t('users.columns.lastActive')}
            </SortableTh>
            <Table.Th w={60}>
              <VisuallyHidden>{t('admin:kit.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
              <Table.Td>
                <NameCell user={user} onOpen={actions.onOpen} />
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
                <Text size="sm" c="dimmed">
                  {formatFull(user.lastActiveAt, i18n.language)}
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
            <NameCell user={user} onOpen={actions.onOpen} />
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
