import { Button, Center, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TBlockedMember } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { PeerAvatar } from '../messages/ConversationList.tsx';

/** The members the signed-in member has blocked, each with a button that lifts the block. */
export function BlockedMembers() {
  const { t } = useTranslation('profiles');
  const query = trpc.chat.blocked.useQuery();

  let body;
  if (query.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Group justify="space-between">
        <Text c="dimmed">{t('blocked.loadFailed')}</Text>
        <Button variant="light" radius="xl" size="xs" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  } else if (query.data.length === 0) {
    body = <Text c="dimmed">{t('blocked.empty')}</Text>;
  } else {
    body = (
      <Stack gap="sm" data-testid="blocked-members">
        {query.data.map((blocked, index) => (
          <Stack key={blocked.id} gap="sm">
            {index > 0 && <Divider />}
            <BlockedRow blocked={blocked} />
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('blocked.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('blocked.subtitle')}
          </Text>
        </div>
        {body}
      </Stack>
    </Paper>
  );
}

function BlockedRow({ blocked }: { blocked: TBlockedMember }) {
  const { t, i18n } = useTranslation('profiles');
  const utils = trpc.useUtils();
  const unblock = trpc.chat.unblock.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('blocked.unblocked', { nickname: blocked.nickname }) });
      void utils.chat.blocked.invalidate();
      void utils.chat.peer.invalidate({ peerId: blocked.id });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(blocked.blockedAt);

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <PeerAvatar peer={blocked} size={40} />
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text fw={600} truncate>
            {blocked.nickname}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {blocked.reason ? t('blocked.sinceWithReason', { date: since, reason: blocked.reason }) : t('blocked.since', { date: since })}
          </Text>
        </Stack>
      </Group>
      <Button
        variant="default"
        radius="xl"
        size="xs"
        style={{ flexShrink: 0 }}
        loading={unblock.isPending}
        onClick={() => unblock.mutate({ peerId: blocked.id })}
        aria-label={t('blocked.unblockNamed', { nickname: blocked.nickname })}
      >
        {t('blocked.unblock')}
      </Button>
    </Group>
  );
}
