import { useState } from 'react';
import { Anchor, Badge, Button, Card, Center, Container, Group, Loader, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVE_BUYING_REQUEST_STATUSES, BRAND, type TMyBuyingRequest } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { OfferCard } from '../offers/OfferCard.tsx';
import { useBudgetText } from './budget-text.ts';
import { RequestStatusBadge } from './RequestStatusBadge.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EmptyList } from '../../components/EmptyList.tsx';

function isActive(status: string): boolean {
  return (ACTIVE_BUYING_REQUEST_STATUSES as readonly string[]).includes(status);
}

/** /buying-requests/my: the member's own requests, each with an offers dialog (rule B-15). */
export function MyBuyingRequestsPage() {
  const { t } = useTranslation('buying');
  const { user } = useRequireMember();
  const mine = trpc.marketplace.buyingRequests.mine.useQuery(undefined, { enabled: user !== null });
  const [openId, setOpenId] = useState<string | null>(null);
  const isPhone = useMediaQuery('(max-width: 36em)');
  useDocumentTitle(`${t('my.title')} · ${BRAND}`);
  const opened = mine.data?.find((request) => request.id === openId) ?? null;

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <PageHeader title={t('my.title')} subtitle={t('my.subtitle')} />
          <Group gap="xs">
            <Button component={Link} to="/buying-requests/offers" variant="default" radius="xl" size="sm">
              {t('my.myOffers')}
            </Button>
            <Button component={Link} to="/create?tab=buying" radius="xl" size="sm" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('my.post')}
            </Button>
          </Group>
        </Group>
        {!mine.data ? (
          <Center py={80}>{mine.error ? <Text c="dimmed">{errorMessage(mine.error)}</Text> : <Loader aria-label={t('loading')} />}</Center>
        ) : mine.data.length === 0 ? (
          <EmptyList icon={IconInbox} title={t('my.empty')} hint={t('my.emptyHint')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {mine.data.map((request) => (
              <MyRequestCard key={request.id} request={request} onOpenOffers={() => setOpenId(request.id)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {user && (
        <Modal
          opened={opened !== null}
          onClose={() => setOpenId(null)}
          title={opened ? t('my.offersFor', { title: opened.title }) : ''}
          size="lg"
          radius="lg"
          fullScreen={isPhone}
        >
          {opened && (
            <Stack gap="sm">
              {opened.offers.length === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="lg">
                  {t('my.noOffers')}
                </Text>
              ) : (
                opened.offers.map((offer) => <OfferCard key={offer.id} offer={offer} viewerId={user.id} requestActive={isActive(opened.status)} />)
              )}
            </Stack>
          )}
        </Modal>
      )}
    </Container>
  );
}

function MyRequestCard({ request, onOpenOffers }: { request: TMyBuyingRequest; onOpenOffers: () => void }) {
  const { t, i18n } = useTranslation('buying');
  const utils = trpc.useUtils();
  const close = trpc.marketplace.buyingRequests.close.useMutation();
  const budget = useBudgetText(request.budgetMinCents, request.budgetMaxCents);
  const full = request.activeOffersCount >= request.maxOffersAllowed;
  const waiting = request.offers.filter((o) => (o.status === 'pending' || o.status === 'negotiating') && o.lastProposerId !== o.requesterId).length;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const confirmClose = () =>
    modals.openConfirmModal({
      title: t('close.title'),
      children: <Text size="sm">{t('close.body')}</Text>,
      labels: { confirm: t('close.confirm'), cancel: t('close.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void (async () => {
          try {
            await close.mutateAsync({ id: request.id });
            notifications.show({ color: 'teal', message: t('close.done') });
            await utils.marketplace.buyingRequests.mine.invalidate();
          } catch (error) {
            notifications.show({ color: 'red', message: errorMessage(error) });
          }
        })();
      },
    });

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <RequestStatusBadge status={request.status} />
          <Text size="xs" c="dimmed">
            {dateFormat.format(request.createdAt)}
          </Text>
        </Group>
        <Anchor component={Link} to={`/buying-requests/${request.id}`} c="inherit" fw={600} lineClamp={2}>
          {request.title}
        </Anchor>
        <Text size="sm" fw={600} c="grape">
          {budget}
        </Text>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('my.activeOffers', { active: request.activeOffersCount, max: request.maxOffersAllowed })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('my.totalOffers', { count: request.offerCount })}
            </Text>
          </Group>
          <Progress value={Math.min(100, (request.activeOffersCount / request.maxOffersAllowed) * 100)} color={full ? 'red' : 'grape'} size="sm" />
        </Stack>
        <Group gap="xs" mt="auto">
          <Button
            size="xs"
            radius="xl"
            onClick={onOpenOffers}
            rightSection={
              waiting > 0 ? (
                <Badge size="xs" color="red" circle>
                  {waiting}
                </Badge>
              ) : undefined
            }
          >
            {t('my.viewOffers', { count: request.offers.length })}
          </Button>
          {isActive(request.status) && (
            <>
              <Button component={Link} to={`/edit-buying-request/${request.id}`} size="xs" radius="xl" variant="default">
                {t('detail.edit')}
              </Button>
              <Button size="xs" radius="xl" variant="subtle" color="red" onClick={confirmClose} loading={close.isPending}>
                {t('my.close')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
