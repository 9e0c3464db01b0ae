import { Anchor, Badge, Button, Card, Group, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAdminComplaintItem } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminListBody } from '../kit/AdminListBody.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

const FILTERS = ['all', 'pending', 'resolved'] as const;

/**
 * The complaint's type in the words the member chose it with: order complaint types, listing
 * report reasons, or buying-request report reasons (stored as "buying_request:<reason>").
 */
function useTypeLabel() {
  const { t } = useTranslation(['orders', 'listing', 'buying']);
  return (item: TAdminComplaintItem) => {
    if (item.type.startsWith('buying_request:')) {
      const reason = item.type.slice('buying_request:'.length);
      return t(`buying:report.reasons.${reason}`, { defaultValue: reason });
    }
    if (item.subject === 'order') return t(`orders:complaint.types.${item.type}`, { defaultValue: item.type });
    return t(`listing:report.reasons.${item.type}`, { defaultValue: t(`orders:complaint.types.${item.type}`, { defaultValue: item.type }) });
  };
}

/** Rule AD-19: complaints with type, reason, evidence, reporter and target; resolve with a response. */
export function ComplaintsTab() {
  const { t } = useTranslation(['admin-content', 'admin']);
  const list = useAdminList();
  const [filter, setFilter] = list.choice('status', FILTERS, 'pending');
  const query = trpc.admin.complaints.list.useQuery({ ...list.input, status: filter === 'all' ? undefined : filter });

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.complaints')} description={t('complaints.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          data={FILTERS.map((value) => ({ value, label: t(`complaints.filter.${value}`) }))}
          value={filter}
          onChange={(value) => setFilter(value)}
          data-testid="admin-complaints-filter"
        />
        <AdminSearchField listState={list} placeholder={t('complaints.searchPlaceholder')} />
      </Group>
      <AdminListBody query={query} page={list.page} onPage={list.setPage} loadFailedText={t('common.loadFailed')} emptyText={t('common.empty')}>
        {(items) => (
          <Stack gap="sm">
            {items.map((item) => (
              <ComplaintCard key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </AdminListBody>
    </Stack>
  );
}

/** Where the complaint's subject can be opened: listings and requests have public pages, orders the console's orders tab. */
function SubjectLink({ item }: { item: TAdminComplaintItem }) {
  const { t } = useTranslation('admin-content');
  if (!item.target)
    return (
      <Text size="sm" c="dimmed">
        {t('complaints.subject.none')}
      </Text>
    );
  const to =
    item.subject === 'listing' ? `/listing/${item.target.id}` : item.subject === 'buying_request' ? `/buying-requests/${item.target.id}` : `/admin?tab=orders`;
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} lineClamp={1} style={{ minWidth: 0 }}>
      {item.target.title}
      {item.subject === 'order' && (
        <Text span ff="monospace" c="dimmed" size="xs" ml={6}>
          #{item.target.id.slice(0, 8)}
        </Text>
      )}
    </Anchor>
  );
}

function ComplaintCard({ item }: { item: TAdminComplaintItem }) {
  const { t, i18n } = useTranslation('admin-content');
  const typeLabel = useTypeLabel();
  const [opened, setOpened] = useState(false);
  const resolve = trpc.admin.complaints.resolve.useMutation(useAdminMutationOptions(t('complaints.resolved'), () => setOpened(false)));

  return (
    <Card withBorder radius="md" p="sm" data-testid={`admin-complaint-${item.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Badge variant="light" color="grape" radius="sm">
              {typeLabel(item)}
            </Badge>
            <Badge variant="outline" color="gray" radius="sm">
              {t(`complaints.subject.${item.subject}`)}
            </Badge>
            <SubjectLink item={item} />
          </Group>
          <AdminStatusBadge status={item.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {item.reason}
        </Text>
        {item.evidence.length > 0 && (
          <Group gap={6} aria-label={t('complaints.evidence')}>
            {item.evidence.map((image, index) => (
              <Anchor key={image.key} href={image.url} target="_blank" rel="noopener noreferrer">
                <Image src={image.url} w={64} h={64} radius="sm" fit="cover" alt={t('complaints.evidenceAlt', { number: index + 1 })} />
              </Anchor>
            ))}
          </Group>
        )}
        <Group gap="md" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('complaints.reporter')}
            </Text>
            <MemberLink userId={item.reporter.id} nickname={item.reporter.nickname} />
          </Group>
          {item.targetUser && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t('complaints.against')}
              </Text>
              <MemberLink userId={item.targetUser.id} nickname={item.targetUser.nickname} />
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {formatFull(item.createdAt, i18n.language)}
          </Text>
        </Group>
        {item.status === 'resolved' ? (
          <Card withBorder radius="sm" p="xs" bg="var(--mantine-color-default-hover)">
            <Text size="xs" c="dimmed">
              {t('complaints.response')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {item.adminResponse}
            </Text>
            {item.resolvedAt && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('complaints.resolvedBy', { name: item.resolvedBy?.nickname ?? '—', time: formatFull(item.resolvedAt, i18n.language) })}
              </Text>
            )}
          </Card>
        ) : (
          <Button size="compact-sm" variant="light" color="teal" w="fit-content" onClick={() => setOpened(true)}>
            {t('complaints.resolve')}
          </Button>
        )}
      </Stack>
      <ReasonDialog
        opened={opened}
        title={t('complaints.resolveTitle')}
        label={t('complaints.responseLabel')}
        requiredMessage={t('complaints.responseRequired')}
        confirmLabel={t('complaints.resolve')}
        color="teal"
        loading={resolve.isPending}
        onClose={() => setOpened(false)}
        onConfirm={(response) => resolve.mutate({ complaintId: item.id, response })}
      >
        <Text size="sm" lineClamp={3} c="dimmed">
          {item.reason}
        </Text>
      </ReasonDialog>
    </Card>
  );
}
