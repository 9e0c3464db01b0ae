import { Anchor, Badge, Button, Card, Center, Checkbox, Group, Image, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ADMIN_LISTING_SORTS,
  LISTING_REVIEW_STATUSES,
  LISTING_STATUSES,
  formatCents,
  type TAdminBulkResult,
  type TAdminListingItem,
  type TAdminListingSort,
} from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/app-error.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList, type AdminSortState } from '../kit/use-admin-list.ts';
import { AdminSortSelect } from '../kit/AdminSortSelect.tsx';
import { SortableTh } from '../kit/SortableTh.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminListBody, Unsqueezed, useWideLayout } from '../kit/AdminListBody.tsx';
import { AdminStatusSelect } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

/** Rules AD-10 to AD-13 and AD-32: every listing (private fields included); approve, reject, take down, delete; bulk review of pending ones. */
export function ListingsTab() {
  const { t } = useTranslation(['admin-content', 'admin']);
  const list = useAdminList();
  const [status, setStatus] = list.param('status', LISTING_STATUSES);
  const [review, setReview] = list.param('review', LISTING_REVIEW_STATUSES);
  const sort = list.sortState(ADMIN_LISTING_SORTS, 'createdAt');
  const input = { ...list.input, status: status ?? undefined, reviewStatus: review ?? undefined, ...sort.input };
  const query = trpc.admin.listings.list.useQuery(input);
  const wide = useWideLayout();
  // the selection belongs to the rows on screen: another page or filter starts it empty
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: '', ids: new Set() });
  const inputKey = JSON.stringify(input);
  const selected = selection.key === inputKey ? selection.ids : new Set<string>();
  const select: Selection = {
    selected,
    toggle: (id) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelection({ key: inputKey, ids: next });
    },
    setAll: (ids) => setSelection({ key: inputKey, ids: new Set(ids) }),
  };
  const [reasonFor, setReasonFor] = useState<{ item: TAdminListingItem; kind: ReasonKind } | null>(null);
  const onReason: OnReason = (item, kind) => setReasonFor({ item, kind });

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.listings')} description={t('listings.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField listState={list} placeholder={t('listings.searchPlaceholder')} data-testid="admin-listings-search" />
        <AdminStatusSelect statuses={LISTING_STATUSES} value={status} onChange={setStatus} w={{ base: 'calc(50% - 6px)', sm: 170 }} />
        <AdminStatusSelect
          statuses={LISTING_REVIEW_STATUSES}
          value={review}
          onChange={setReview}
          label={t('listings.reviewFilter')}
          placeholder={t('listings.allReviews')}
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
        />
        {/* the table has no date column to click, so the select stays on wide screens too */}
        <AdminSortSelect sort={sort} columns={ADMIN_LISTING_SORTS} fallback="createdAt" columnLabel={() => t('listings.columns.price')} />
      </Group>
      <BulkBar selection={select} />
      <AdminListBody query={query} page={list.page} onPage={list.setPage} loadFailedText={t('common.loadFailed')} emptyText={t('common.empty')}>
        {(items) =>
          wide ? (
            <ListingsTable items={items} sort={sort} selection={select} onReason={onReason} />
          ) : (
            <Stack gap="sm">
              {items.map((item) => (
                <ListingCard key={item.id} item={item} selection={select} onReason={onReason} />
              ))}
            </Stack>
          )
        }
      </AdminListBody>
      <ReasonAction target={reasonFor} onClose={() => setReasonFor(null)} />
    </Stack>
  );
}

interface Selection {
  selected: Set<string>;
  toggle: (id: string) => void;
  setAll: (ids: string[]) => void;
}

/** Only listings waiting for review take part in bulk review (the server skips any other). */
function awaitsReview(item: TAdminListingItem): boolean {
  return item.reviewStatus === 'pending' || item.reviewStatus === 'reviewing';
}

function SelectBox({ item, selection }: { item: TAdminListingItem; selection: Selection }) {
  const { t } = useTranslation('admin-content');
  if (!awaitsReview(item)) return null;
  return (
    <Checkbox
      checked={selection.selected.has(item.id)}
      onChange={() => selection.toggle(item.id)}
      aria-label={t('listings.selectOne', { title: item.title })}
      data-testid={`select-listing-${item.id}`}
    />
  );
}

/**
 * Bulk review (rule AD-32): approve the selected pending listings, or reject them with one
 * reason each seller is told. Each listing is decided on its own; the toast counts those done
 * and those someone else decided meanwhile.
 */
function BulkBar({ selection }: { selection: Selection }) {
  const { t } = useTranslation(['admin-content', 'errors']);
  const [rejecting, setRejecting] = useState(false);
  const utils = trpc.useUtils();
  const done = (result: TAdminBulkResult) => {
    const ok = result.results.filter((entry) => entry.ok).length;
    const skipped = result.results.length - ok;
    notifications.show({ color: skipped ? 'orange' : 'teal', message: t('listings.bulkDone', { count: ok, skipped }) });
    selection.setAll([]);
    setRejecting(false);
    void utils.admin.invalidate();
  };
  const onError = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });
  const approve = trpc.admin.listings.bulkApprove.useMutation({ onSuccess: done, onError });
  const reject = trpc.admin.listings.bulkReject.useMutation({ onSuccess: done, onError });
  const ids = [...selection.selected];
  if (ids.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="bulk-bar">
      <Group gap="sm" justify="space-between">
        <Text size="sm" fw={600}>
          {t('listings.selected', { count: ids.length })}
        </Text>
        <Group gap={6}>
          <Button size="compact-sm" variant="light" color="teal" loading={approve.isPending} onClick={() => approve.mutate({ listingIds: ids })}>
            {t('listings.bulkApprove')}
          </Button>
          <Button size="compact-sm" variant="light" color="orange" onClick={() => setRejecting(true)}>
            {t('listings.bulkReject')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => selection.setAll([])}>
            {t('listings.clearSelection')}
          </Button>
        </Group>
      </Group>
      <ReasonDialog
        opened={rejecting}
        title={t('listings.bulkRejectTitle', { count: ids.length })}
        label={t('common.sellerReasonLabel')}
        requiredMessage={t('errors:REASON_REQUIRED')}
        confirmLabel={t('listings.reject')}
        color="orange"
        loading={reject.isPending}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => reject.mutate({ listingIds: ids, reason })}
      >
        <Text size="sm" c="dimmed">
          {t('listings.rejectHint')}
        </Text>
      </ReasonDialog>
    </Paper>
  );
}

function ListingTitle({ item }: { item: TAdminListingItem }) {
  const { t } = useTranslation('admin-content');
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {item.coverUrl ? (
        <Image src={item.coverUrl} w={44} h={44} radius="sm" fit="cover" alt="" style={{ flexShrink: 0 }} />
      ) : (
        <Center w={44} h={44} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4, flexShrink: 0 }}>
          <IconPhotoOff size={18} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      )}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/listing/${item.id}`} size="sm" fw={600} lineClamp={2}>
          {item.title}
        </Anchor>
        {item.isAnonymous && (
          <Badge size="xs" variant="outline" color="gray" w="fit-content">
            {t('common.anonymous')}
          </Badge>
        )}
      </Stack>
    </Group>
  );
}

function ListingsTable({
  items,
  sort,
  selection,
  onReason,
}: {
  items: TAdminListingItem[];
  sort: AdminSortState<TAdminListingSort>;
  selection: Selection;
  onReason: OnReason;
}) {
  const { t, i18n } = useTranslation('admin-content');
  const reviewable = items.filter(awaitsReview).map((item) => item.id);
  const all = reviewable.length > 0 && reviewable.every((id) => selection.selected.has(id));
  const some = reviewable.some((id) => selection.selected.has(id));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              {reviewable.length > 0 && (
                <Checkbox
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() => selection.setAll(all ? [] : reviewable)}
                  aria-label={t('listings.selectAll')}
                  data-testid="select-all-listings"
                />
              )}
            </Table.Th>
            <Table.Th>{t('listings.columns.listing')}</Table.Th>
            <Table.Th>{t('listings.columns.seller')}</Table.Th>
            <SortableTh column="price" state={sort} ta="right">
              {t('listings.columns.price')}
            </SortableTh>
            <Table.Th>{t('listings.columns.status')}</Table.Th>
            <Table.Th>{t('listings.columns.review')}</Table.Th>
            <Table.Th ta="right">{t('listings.columns.orders')}</Table.Th>
            <Table.Th>{t('listings.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`admin-listing-${item.id}`}>
              <Table.Td>
                <SelectBox item={item} selection={selection} />
              </Table.Td>
              <Table.Td maw={280}>
                <ListingTitle item={item} />
                <Text size="xs" c="dimmed" mt={4}>
                  {formatFull(item.createdAt, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <MemberLink userId={item.seller.id} nickname={item.seller.nickname} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {t('common.price', { amount: formatCents(item.priceCents) })}
              </Table.Td>
              <Table.Td>
                <Unsqueezed>
                  <AdminStatusBadge status={item.status} />
                </Unsqueezed>
              </Table.Td>
              <Table.Td>
                <Unsqueezed>
                  <AdminStatusBadge status={item.reviewStatus} />
                </Unsqueezed>
              </Table.Td>
              <Table.Td ta="right">{item.orderCount}</Table.Td>
              <Table.Td>
                <ListingActions item={item} onReason={onReason} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ListingCard({ item, selection, onReason }: { item: TAdminListingItem; selection: Selection; onReason: OnReason }) {
  const { t, i18n } = useTranslation('admin-content');
  return (
    <Card withBorder radius="md" p="sm" data-testid={`admin-listing-${item.id}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
          <ListingTitle item={item} />
          <SelectBox item={item} selection={selection} />
        </Group>
        <Group gap="xs" justify="space-between">
          <MemberLink userId={item.seller.id} nickname={item.seller.nickname} />
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('common.price', { amount: formatCents(item.priceCents) })}
          </Text>
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('listings.statusLabel')}
          </Text>
          <AdminStatusBadge status={item.status} />
          <Text size="xs" c="dimmed">
            {t('listings.reviewLabel')}
          </Text>
          <AdminStatusBadge status={item.reviewStatus} />
        </Group>
        <Text size="xs" c="dimmed">
          {formatFull(item.createdAt, i18n.language)} · {t('listings.ordersCount', { count: item.orderCount })}
        </Text>
        <ListingActions item={item} onReason={onReason} />
      </Stack>
    </Card>
  );
}

type ReasonKind = 'reject' | 'takeDown';
type OnReason = (item: TAdminListingItem, kind: ReasonKind) => void;

/**
 * The actions a listing offers in its current state (the server checks the same: a second
 * approve, reject or take down is REQUEST_ALREADY_PROCESSED). Reject and take down open the
 * tab's one reason dialog, which outlives the row: turning a phone or resizing a window swaps
 * table rows for cards without closing a half-written reason.
 */
function ListingActions({ item, onReason }: { item: TAdminListingItem; onReason: OnReason }) {
  const { t } = useTranslation(['admin-content', 'admin']);
  const approve = trpc.admin.listings.approve.useMutation(useAdminMutationOptions(t('listings.approved')));
  const remove = trpc.admin.listings.delete.useMutation(useAdminMutationOptions(t('listings.deleted')));

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('listings.deleteTitle'),
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('listings.deleteBody', { title: item.title })}</Text>
          {item.orderCount > 0 && (
            <Text size="sm" c="dimmed">
              {t('listings.deleteOrders', { count: item.orderCount })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('listings.delete'), cancel: t('admin:kit.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ listingId: item.id }),
    });

  return (
    <Group gap={6} wrap="wrap">
      {item.reviewStatus !== 'approved' && (
        <Button size="compact-sm" variant="light" color="teal" loading={approve.isPending} onClick={() => approve.mutate({ listingId: item.id })}>
          {t('listings.approve')}
        </Button>
      )}
      {item.reviewStatus !== 'rejected' && (
        <Button size="compact-sm" variant="light" color="orange" onClick={() => onReason(item, 'reject')}>
          {t('listings.reject')}
        </Button>
      )}
      {item.status === 'available' && (
        <Button size="compact-sm" variant="light" color="gray" onClick={() => onReason(item, 'takeDown')}>
          {t('listings.takeDown')}
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" color="red" loading={remove.isPending} onClick={confirmDelete}>
        {t('listings.delete')}
      </Button>
    </Group>
  );
}

/** Reject or take down with the reason the seller is told (rules AD-11 and AD-12). */
function ReasonAction({ target, onClose }: { target: { item: TAdminListingItem; kind: ReasonKind } | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-content', 'errors']);
  const reject = trpc.admin.listings.reject.useMutation(useAdminMutationOptions(t('listings.rejected'), onClose));
  const takeDown = trpc.admin.listings.takeDown.useMutation(useAdminMutationOptions(t('listings.takenDown'), onClose));
  const rejecting = target?.kind !== 'takeDown';
  return (
    <ReasonDialog
      opened={target !== null}
      title={rejecting ? t('listings.rejectTitle') : t('listings.takeDownTitle')}
      label={t('common.sellerReasonLabel')}
      requiredMessage={t('errors:REASON_REQUIRED')}
      confirmLabel={rejecting ? t('listings.reject') : t('listings.takeDown')}
      color={rejecting ? 'orange' : 'gray'}
      loading={reject.isPending || takeDown.isPending}
      onClose={onClose}
      onConfirm={(reason) => target && (rejecting ? reject : takeDown).mutate({ listingId: target.item.id, reason })}
    >
      <Text size="sm" fw={600}>
        {target?.item.title}
      </Text>
      <Text size="sm" c="dimmed">
        {rejecting ? t('listings.rejectHint') : t('listings.takeDownHint')}
      </Text>
    </ReasonDialog>
  );
}
