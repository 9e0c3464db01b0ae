import { ActionIcon, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayRedeemCode, formatCents, RECHARGE_CODE_STATUSES, type TAdminRechargeCode } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/app-error.ts';
import { Money } from '../../../components/Money.tsx';
import { formatFull } from '../../messages/chat-time.ts';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { AdminPager } from '../kit/AdminPager.tsx';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { StatCards } from '../kit/StatCards.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { GenerateCodesForm } from './GenerateCodesForm.tsx';
import { AdminTable, type AdminColumn } from '../kit/AdminTable.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

/** Rules AD-17 and AD-18: stats cards, the generator, and the searchable, filterable table of codes with CSV export. */
export function RechargeCodesTab() {
  const { t, i18n } = useTranslation(['admin-money', 'admin']);
  const list = useAdminList();
  const [status, setStatus] = list.param('status', RECHARGE_CODE_STATUSES);
  const [exporting, setExporting] = useState(false);
  const utils = trpc.useUtils();
  const input = { ...list.input, ...(status ? { status } : {}) };
  const codes = trpc.admin.rechargeCodes.list.useQuery(input, { placeholderData: (previous) => previous });
  const stats = trpc.admin.rechargeCodes.stats.useQuery();
  const setCodeStatus = trpc.admin.rechargeCodes.setStatus.useMutation(useAdminMutationOptions(t('codes.updated')));
  const remove = trpc.admin.rechargeCodes.delete.useMutation(useAdminMutationOptions(t('codes.deleted')));
  const disableBatch = trpc.admin.rechargeCodes.disableBatch.useMutation(useAdminMutationOptions<{ disabled: number }>(t('codes.batchDisabledToast')));

  /** The filtered table, or one batch, as a CSV file with the column titles in the admin's language. */
  const exportCsv = async (filter: { batchName?: string }) => {
    setExporting(true);
    try {
      const labels = {
        code: t('codes.code'),
        value: t('codes.valueColumn'),
        batchName: t('codes.batchName'),
        expiresAt: t('codes.expiresAt'),
        permanent: t('codes.permanent'),
      };
      const query = filter.batchName ? { batchName: filter.batchName, labels } : { ...(status ? { status } : {}), search: list.input.search, labels };
      const { filename, csv, count } = await utils.admin.rechargeCodes.exportCsv.fetch(query, { staleTime: 0 });
      downloadCsv(filename, csv);
      notifications.show({ color: 'teal', message: t('codes.exported', { count }) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = (code: TAdminRechargeCode) =>
    modals.openConfirmModal({
      title: t('codes.deleteTitle'),
      children: <Text size="sm">{t(code.status === 'used' ? 'codes.deleteUsedBody' : 'codes.deleteBody', { code: displayRedeemCode(code.code) })}</Text>,
      labels: { confirm: t('codes.delete'), cancel: t('admin:kit.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-code' },
      onConfirm: () => remove.mutate({ codeId: code.id }),
    });

  /** Every still-redeemable code of the row's batch off at once; used and expired ones stay as they are. */
  const confirmDisableBatch = (batchName: string) =>
    modals.openConfirmModal({
      title: t('codes.disableBatchTitle'),
      children: <Text size="sm">{t('codes.disableBatchBody', { batch: batchName })}</Text>,
      labels: { confirm: t('codes.disableBatch'), cancel: t('admin:kit.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-disable-batch' },
      onConfirm: () => disableBatch.mutate({ batchName }),
    });

  const columns: AdminColumn<TAdminRechargeCode>[] = [
    {
      key: 'code',
      label: t('codes.code'),
      nowrap: true,
      render: (code) => (
        <Text size="sm" ff="monospace" fw={600}>
          {displayRedeemCode(code.code)}
        </Text>
      ),
    },
    { key: 'value', label: t('codes.valueColumn'), nowrap: true, render: (code) => <Money cents={code.valueCents} size="sm" /> },
    {
      key: 'batch',
      label: t('codes.batchName'),
      minWidth: 120,
      render: (code) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" lineClamp={2}>
            {code.batchName ?? '—'}
          </Text>
          {code.batchName && code.status === 'active' && (
            <Tooltip label={t('codes.disableBatch')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="orange"
                aria-label={t('codes.disableBatchOf', { batch: code.batchName })}
                onClick={() => confirmDisableBatch(code.batchName!)}
              >
                <IconPlayerPause size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: 'status', label: t('codes.status'), nowrap: true, render: (code) => <AdminStatusBadge status={code.status} /> },
    {
      key: 'expires',
      label: t('codes.expiresAt'),
      nowrap: true,
      render: (code) => <Text size="sm">{code.expiresAt ? formatFull(code.expiresAt, i18n.language) : t('codes.permanent')}</Text>,
    },
    {
      key: 'used',
      label: t('codes.usedBy'),
      minWidth: 150,
      render: (code) =>
        code.usedBy ? (
          <>
            <MemberLink userId={code.usedBy.id} nickname={code.usedBy.nickname} />
            {code.usedAt && (
              <Text size="xs" c="dimmed">
                {formatFull(code.usedAt, i18n.language)}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  const actions = (code: TAdminRechargeCode) => {
    return (
      <>
        {code.status === 'active' && (
          <Button
            size="compact-sm"
            variant="light"
            color="gray"
            leftSection={<IconPlayerPause size={14} />}
            loading={setCodeStatus.isPending && setCodeStatus.variables.codeId === code.id}
            onClick={() => setCodeStatus.mutate({ codeId: code.id, status: 'disabled' })}
          >
            {t('codes.disable')}
          </Button>
        )}
        {code.status === 'disabled' && (
          <Button
            size="compact-sm"
            variant="light"
            color="teal"
            leftSection={<IconPlayerPlay size={14} />}
            loading={setCodeStatus.isPending && setCodeStatus.variables.codeId === code.id}
            onClick={() => setCodeStatus.mutate({ codeId: code.id, status: 'active' })}
          >
            {t('codes.enable')}
          </Button>
        )}
        <Tooltip label={t('codes.delete')}>
          <ActionIcon variant="light" color="red" aria-label={t('codes.delete')} onClick={() => confirmDelete(code)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </>
    );
  };

  return (
    <>
      <TabHeader
        title={t('admin:tabs.recharge-codes')}
        description={t('codes.description')}
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void exportCsv({})} data-testid="codes-export">
            {t('codes.export')}
          </Button>
        }
      />
      {stats.data && (
        <StatCards
          items={[
            { label: t('codes.stats.active'), value: stats.data.active, color: 'teal', testId: 'codes-stat-active' },
            { label: t('codes.stats.activeValue'), value: `${formatCents(stats.data.activeValueCents)}` },
            { label: t('codes.stats.used'), value: stats.data.used, color: 'blue' },
            { label: t('codes.stats.disabled'), value: stats.data.disabled },
            { label: t('codes.stats.expired'), value: stats.data.expired },
          ]}
        />
      )}
      <GenerateCodesForm exporting={exporting} onExportBatch={(batchName) => void exportCsv({ batchName })} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField listState={list} placeholder={t('codes.searchPlaceholder')} data-testid="codes-search" />
        <Select
          w={170}
          aria-label={t('codes.status')}
          data={[{ value: 'all', label: t('admin:kit.all') }, ...RECHARGE_CODE_STATUSES.map((value) => ({ value, label: t(`admin:status.${value}`) }))]}
          value={status ?? 'all'}
          allowDeselect={false}
          onChange={(value) => setStatus(value && value !== 'all' ? value : null)}
          data-testid="codes-status"
        />
      </Group>
      {codes.isError ? (
        <LoadFailed title={t('admin:kit.loadFailed')} error={codes.error} retryLabel={t('admin:kit.retry')} onRetry={() => void codes.refetch()} />
      ) : (
        <>
          <AdminTable rows={codes.data?.items} columns={columns} rowKey={(code) => code.id} actions={actions} testId="codes-table" />
          {codes.data && <AdminPager page={list.page} total={codes.data.total} onChange={list.setPage} />}
        </>
      )}
    </>
  );
}
