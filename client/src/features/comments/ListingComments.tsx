import { useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TListingDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';
import { authPathFor } from '../auth/redirect-target.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentItem } from './CommentItem.tsx';
import classes from './comments.module.css';
import { LoadFailed } from '../layout/LoadFailed.tsx';

/**
 * Comments tab of the listing page (rules S-15 to S-17): anyone reads; members comment, reply one
 * level, like, and edit or delete their own; visitors see a login prompt instead of the box.
 */
export function ListingComments({ listing }: { listing: TListingDetail }) {
  const { t } = useTranslation('comments');
  const { user } = useSession();
  const location = useLocation();
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const input = { listingId: listing.id };
  const query = trpc.marketplace.comments.list.useInfiniteQuery(input, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const create = trpc.marketplace.comments.create.useMutation();
  const refresh = () => utils.marketplace.comments.list.invalidate(input);
  const isMember = user !== null;

  const post = async (content: string, parentId?: string) => {
    await create.mutateAsync({ listingId: listing.id, content, ...(parentId ? { parentId } : {}) });
    notifications.show({ color: 'teal', message: t(parentId ? 'toast.replied' : 'toast.posted') });
    if (parentId) setReplyTo(null);
    await refresh();
  };

  const threads = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md" pt="md" data-testid="listing-comments">
      {isMember ? (
        <CommentComposer
          label={t('label')}
          placeholder={t('placeholder')}
          submitLabel={t('post')}
          busy={create.isPending && replyTo === null}
          onSubmit={(content) => post(content)}
          failedTitle={t('failed.submit')}
        />
      ) : (
        <Paper withBorder radius="md" p="md" data-testid="comments-login-prompt">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('loginPrompt')}
            </Text>
            <Button component={Link} to={authPathFor(location)} size="xs" radius="xl" leftSection={<IconLogin size={14} aria-hidden />}>
              {t('login')}
            </Button>
          </Group>
        </Paper>
      )}

      {query.isLoading ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <LoadFailed title={t('failed.load')} error={query.error} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : threads.length === 0 ? (
        <Center py="lg">
          <Text c="dimmed" size="sm">
            {t('empty')}
          </Text>
        </Center>
      ) : (
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('total', { count: total })}
          </Text>
          {threads.map((thread) => (
            <CommentItem
              key={thread.id}
              comment={thread}
              isMember={isMember}
              replyCount={thread.replies.length}
              onReply={() => setReplyTo(replyTo === thread.id ? null : thread.id)}
              onChanged={refresh}
            >
              {(thread.replies.length > 0 || replyTo === thread.id) && (
                <Stack gap={0} className={classes.replies}>
                  {thread.replies.map((reply) => (
                    <CommentItem key={reply.id} comment={reply} isMember={isMember} onChanged={refresh} />
                  ))}
                  {replyTo === thread.id && (
                    <CommentComposer
                      label={t('replyLabel', { name: thread.author.nickname })}
                      placeholder={t('replyLabel', { name: thread.author.nickname })}
                      submitLabel={t('reply')}
                      busy={create.isPending}
                      autoFocus
                      onSubmit={(content) => post(content, thread.id)}
                      failedTitle={t('failed.reply')}
                      onCancel={() => setReplyTo(null)}
                    />
                  )}
                </Stack>
              )}
            </CommentItem>
          ))}
          {query.hasNextPage && (
            <Center pt="md">
              <Button variant="default" radius="xl" size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('loadMore')}
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
