import { Anchor, Box, Code, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_AUDIT_SORTS, ZAdminAuditListInput, type TAdminAuditEntry } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList, type AdminSortState } from '../kit/use-admin-list.ts';
import { AdminSortSelect } from '../kit/AdminSortSelect.tsx';
import { SortableTh } from '../kit/SortableTh.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';
import { AuditChange } from './AuditChange.tsx';
import { ExportCsvButton } from '../kit/ExportCsvButton.tsx';
import { AdminDateRange } from '../kit/AdminDateRange.tsx';

/**
 * The audit log (rule AD-5): every admin action, newest first, with who, what, which target, the
 * change and the reason. Filters by action (a prefix such as "user." or one action), target
 * type and admin; the search box matches the target id.
 */
export function AuditTab() {
  const { t } = useTranslation(['admin-people', 'admin']);
  const list = useAdminList();
  // the values come from the log itself (facets): a link keeps what the list input accepts
  const accepts = (field: 'action' | 'targetType' | 'adminId') => (raw: string) => ZAdminAuditListInput.shape[field].safeParse(raw).success;
  const [action, setAction] = list.param('action', accepts('action'));
  const [targetType, setTargetType] = list.param('target', accepts('targetType'));
  const [adminId, setAdminId] = list.param('admin', accepts('adminId'));
  const facets = trpc.admin.audit.facets.useQuery();
  const sort = list.sortState(ADMIN_AUDIT_SORTS, 'createdAt');
  const input = {
    ...list.input,
    action: action ?? undefined,
    targetType: targetType ?? undefined,
    adminId: adminId ?? undefined,
    ...sort.input,
    ...list.dateInput,
  };
  const entries = trpc.admin.audit.list.useQuery(input, { placeholderData: keepPreviousData });
  const exportLog = trpc.admin.audit.exportCsv.useMutation();
  const { page: _page, pageSize: _pageSize, ...filters } = input;
  const columnLabels = {
    createdAt: t('audit.columns.time'),
    admin: t('audit.columns.admin'),
    action: t('audit.columns.action'),
    targetType: t('audit.targetFilter'),
    targetId: t('audit.searchLabel'),
    reason: t('audit.columns.reason'),
    before: t('audit.columns.before'),
    after: t('audit.columns.after'),
  };
  const wide = useMediaQuery('(min-width: 62em)', true);

  const actions = facets.data?.actions ?? [];
  // actions and targets as the table reads them, not their codes (a script calling without these gets the codes)
  const valueLabels = {
    action: Object.fromEntries(actions.map((name) => [name, actionLabel(t, name)])),
    targetType: Object.fromEntries((facets.data?.targetTypes ?? []).map((type) => [type, targetLabel(t, type)])),
  };
  const prefixes = [...new Set(actions.map((name) => `${name.split('.')[0]}.`))];

  return (
    <Stack gap="md">
      <TabHeader
        title={t('admin:tabs.audit')}
        description={t('audit.description')}
        actions={<ExportCsvButton testId="audit-export" exportCsv={() => exportLog.mutateAsync({ ...filters, labels: columnLabels, values: valueLabels })} />}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField
          listState={list}
          label={t('audit.searchLabel')}
          placeholder={t('audit.searchPlaceholder')}
          style={{ flex: '1 1 220px', maxWidth: 320 }}
        />
        <Select
          label={t('audit.actionFilter')}
          placeholder={t('admin:kit.all')}
          clearable
          searchable
          value={action}
          onChange={setAction}
          data={[
            { group: t('audit.prefixGroup'), items: prefixes.map((prefix) => ({ value: prefix, label: `${prefix}*` })) },
            { group: t('audit.actionGroup'), items: actions.map((name) => ({ value: name, label: actionLabel(t, name) })) },
          ]}
          style={{ flex: '1 1 200px', maxWidth: 260 }}
        />
        <Select
          label={t('audit.targetFilter')}
          placeholder={t('admin:kit.all')}
          clearable
          value={targetType}
          onChange={setTargetType}
          data={(facets.data?.targetTypes ?? []).map((type) => ({ value: type, label: targetLabel(t, type) }))}
          style={{ flex: '1 1 160px', maxWidth: 220 }}
        />
        <Select
          label={t('audit.adminFilter')}
          placeholder={t('admin:kit.all')}
          clearable
          searchable
          value={adminId}
          onChange={setAdminId}
          data={(facets.data?.admins ?? []).map((admin) => ({ value: admin.id, label: admin.nickname }))}
          style={{ flex: '1 1 160px', maxWidth: 220 }}
        />
        <AdminDateRange list={list} label={t('audit.dateRange')} />
        {!wide && <AdminSortSelect sort={sort} columns={ADMIN_AUDIT_SORTS} fallback="createdAt" />}
      </Group>

      <AdminListBody query={entries} page={list.page} onPage={list.setPage} loadFailedText={t('audit.loadFailed')} emptyText={t('audit.empty')}>
        {(items) =>
          wide ? (
            <AuditTable entries={items} sort={sort} />
          ) : (
            <Stack gap="sm">
              {items.map((entry) => (
                <AuditCard key={entry.id} entry={entry} />
              ))}
            </Stack>
          )
        }
      </AdminListBody>
    </Stack>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** A known action's name in the reader's language; an action this file does not know shows its code. */
function actionLabel(t: T, action: string): string {
  return t(`audit.actions.${action.replace(/\./g, '_')}`, { defaultValue: action });
}

function targetLabel(t: T, type: string): string {
  return t(`audit.targets.${type.replace(/\./g, '_')}`, { defaultValue: type });
}

function Who({ entry }: { entry: TAdminAuditEntry }) {
  const { t } = useTranslation('admin-people');
  return entry.admin ? (
    <MemberLink userId={entry.admin.id} nickname={entry.admin.nickname} />
  ) : (
    <Text size="sm" c="dimmed">
      {t('audit.deletedAdmin')}
    </Text>
  );
}

function ActionCell({ entry }: { entry: TAdminAuditEntry }) {
  const { t } = useTranslation('admin-people');
  return (
    <Stack gap={2} miw={140}>
      <Text size="sm" fw={600} c={entry.action.endsWith('.ban') ? 'red' : undefined}>
        {actionLabel(t, entry.action)}
      </Text>
      <Code fz="xs" style={{ alignSelf: 'flex-start' }}>
        {entry.action}
      </Code>
    </Stack>
  );
}

function TargetCell({ entry }: { entry: TAdminAuditEntry }) {
  const { t } = useTranslation('admin-people');
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {targetLabel(t, entry.targetType)}
      </Text>
      {entry.targetType === 'user' ? (
        <Anchor component={Link} to={`/profile/${entry.targetId}`} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {entry.targetId}
        </Anchor>
      ) : (
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {entry.targetId}
        </Text>
      )}
    </Stack>
  );
}

function AuditTable({ entries, sort }: { entries: TAdminAuditEntry[]; sort: AdminSortState<(typeof ADMIN_AUDIT_SORTS)[number]> }) {
  const { t, i18n } = useTranslation('admin-people');
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover style={{ verticalAlign: 'top' }}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="createdAt" state={sort}>
              {t('audit.columns.time')}
            </SortableTh>
            <Table.Th>{t('audit.columns.admin')}</Table.Th>
            <Table.Th>{t('audit.columns.action')}</Table.Th>
            <Table.Th>{t('audit.columns.target')}</Table.Th>
            <Table.Th>{t('audit.columns.change')}</Table.Th>
            <Table.Th>{t('audit.columns.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid={`audit-${entry.id}`} style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatFull(entry.createdAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* a table cell's min-width alone does not stop the nickname being clamped to "…" */}
                <Box miw={120}>
                  <Who entry={entry} />
                </Box>
              </Table.Td>
              <Table.Td>
                <ActionCell entry={entry} />
              </Table.Td>
              <Table.Td maw={200}>
                <TargetCell entry={entry} />
              </Table.Td>
              <Table.Td maw={300}>
                <AuditChange before={entry.before} after={entry.after} />
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.reason ?? '–'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditCard({ entry }: { entry: TAdminAuditEntry }) {
  const { t, i18n } = useTranslation('admin-people');
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`audit-${entry.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ActionCell entry={entry} />
          <Text size="xs" c="dimmed" ta="right">
            {formatFull(entry.createdAt, i18n.language)}
          </Text>
        </Group>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {t('audit.columns.admin')}
          </Text>
          <Who entry={entry} />
        </Group>
        <TargetCell entry={entry} />
        <AuditChange before={entry.before} after={entry.after} />
        {entry.reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('audit.reasonShown', { reason: entry.reason })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
