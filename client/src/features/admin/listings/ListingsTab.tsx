import { Anchor, Badge, Button, Card, Center, Group, Image, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LISTING_REVIEW_STATUSES, LISTING_STATUSES, formatCents, type TAdminListingItem } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { formatFull } from '../../messages/chat-time.ts';
import { AdminStatusBadge } from '../kit/AdminStatusBadge.tsx';
import { MemberLink } from '../kit/MemberLink.tsx';
import { ReasonDialog } from '../kit/ReasonDialog.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminList } from '../kit/use-admin-list.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';
import { AdminListBody, Unsqueezed, useWideLayout } from '../kit/AdminListBody.tsx';
import { AdminStatusSelect } from '../kit/AdminStatusFilter.tsx';
import { AdminSearchField } from '../kit/AdminSearchField.tsx';

type ListingStatus = (typeof LISTING_STATUSES)[number];
type ReviewStatus = (typeof LISTING_REVIEW_STATUSES)[number];

/** Rules AD-10 to AD-13: every listing (private fields included); approve, reject, take down, delete. */
export function ListingsTab() {
  const { t } = useTranslation(['admin-content', 'admin']);
  const list = useAdminList();
  const [status, setStatus] = useState<ListingStatus | null>(null);
  const [review, setReview] = useState<ReviewStatus | null>(null);
  const query = trpc.admin.listings.list.useQuery({ ...list.input, status: status ?? undefined, reviewStatus: review ?? undefined });
  const wide = useWideLayout();

  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.listings')} description={t('listings.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AdminSearchField listState={list} placeholder={t('listings.searchPlaceholder')} data-testid="admin-listings-search" />
        <AdminStatusSelect list={list} statuses={LISTING_STATUSES} value={status} onChange={setStatus} w={{ base: 'calc(50% - 6px)', sm: 170 }} />
        <AdminStatusSelect
          list={list}
          statuses={LISTING_REVIEW_STATUSES}
          value={review}
          onChange={setReview}
          label={t('listings.reviewFilter')}
          placeholder={t('listings.allReviews')}
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
        />
      </Group>
      <AdminListBody query={query} page={list.page} onPage={list.setPage} loadFailedText={t('common.loadFailed')} emptyText={t('common.empty')}>
        {(items) =>
          wide ? (
            <ListingsTable items={items} />
          ) : (
            <Stack gap="sm">
              {items.map((item) => (
                <ListingCard key={item.id} item={item} />
              ))}
            </Stack>
          )
        }
      </AdminListBody>
    </Stack>
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

function ListingsTable({ items }: { items: TAdminListingItem[] }) {
  const { t, i18n } = useTranslation('admin-content');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover styles={{ th: { whiteSpace: 'nowrap' } }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('listings.columns.listing')}</Table.Th>
            <Table.Th>{t('listings.columns.seller')}</Table.Th>
            <Table.Th ta="right">{t('listings.columns.price')}</Table.Th>
            <Table.Th>{t('listings.columns.status')}</Table.Th>
            <Table.Th>{t('listings.columns.review')}</Table.Th>
            <Table.Th ta="right">{t('listings.columns.orders')}</Table.Th>
            <Table.Th>{t('listings.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`admin-listing-${item.id}`}>
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
                <ListingActions item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ListingCard({ item }: { item: TAdminListingItem }) {
  const { t, i18n } = useTranslation('admin-content');
  return (
    <Card withBorder radius="md" p="sm" data-testid={`admin-listing-${item.id}`}>
      <Stack gap="xs">
        <ListingTitle item={item} />
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
        <ListingActions item={item} />
      </Stack>
    </Card>
  );
}

/**
 * The actions a listing offers in its current state (the server checks the same: a second
 * approve, reject or take down is REQUEST_ALREADY_PROCESSED).
 */
function ListingActions({ item }: { item: TAdminListingItem }) {
  const { t } = useTranslation(['admin-content', 'admin']);
  const [dialog, setDialog] = useState<'reject' | 'takeDown' | null>(null);
  const approve = trpc.admin.listings.approve.useMutation(useAdminMutationOptions(t('listings.approved')));
  const reject = trpc.admin.listings.reject.useMutation(useAdminMutationOptions(t('listings.rejected'), () => setDialog(null)));
  const takeDown = trpc.admin.listings.takeDown.useMutation(useAdminMutationOptions(t('listings.takenDown'), () => setDialog(null)));
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
    <>
      <Group gap={6} wrap="wrap">
        {item.reviewStatus !== 'approved' && (
          <Button size="compact-sm" variant="light" color="teal" loading={approve.isPending} onClick={() => approve.mutate({ listingId: item.id })}>
            {t('listings.approve')}
          </Button>
        )}
        {item.reviewStatus !== 'rejected' && (
          <Button size="compact-sm" variant="light" color="orange" onClick={() => setDialog('reject')}>
            {t('listings.reject')}
          </Button>
        )}
        {item.status === 'available' && (
          <Button size="compact-sm" variant="light" color="gray" onClick={() => setDialog('takeDown')}>
            {t('listings.takeDown')}
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" color="red" loading={remove.isPending} onClick={confirmDelete}>
          {t('listings.delete')}
        </Button>
      </Group>
      <ReasonDialog
        opened={dialog !== null}
        title={dialog === 'reject' ? t('listings.rejectTitle') : t('listings.takeDownTitle')}
        label={t('common.noteLabel')}
        confirmLabel={dialog === 'reject' ? t('listings.reject') : t('listings.takeDown')}
        color={dialog === 'reject' ? 'orange' : 'gray'}
        loading={reject.isPending || takeDown.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(note) => (dialog === 'reject' ? reject : takeDown).mutate({ listingId: item.id, note: note || null })}
      >
        <Text size="sm" fw={600}>
          {item.title}
        </Text>
        <Text size="sm" c="dimmed">
          {dialog === 'reject' ? t('listings.rejectHint') : t('listings.takeDownHint')}
        </Text>
      </ReasonDialog>
    </>
  );
}
