import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Avatar, Box, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots, IconHeart, IconHeartFilled, IconMessageReply, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TComment } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { CommentComposer } from './CommentComposer.tsx';
import classes from './comments.module.css';

export interface CommentItemProps {
  comment: TComment;
  isMember: boolean;
  /** Top-level comments can be replied to; replies cannot (one level). */
  onReply?: () => void;
  replyCount?: number;
  onChanged: () => Promise<unknown>;
  children?: ReactNode;
}

/** One comment or reply: author, time, text, like, reply, and edit/delete for its author. */
export function CommentItem({ comment, isMember, onReply, replyCount = 0, onChanged, children }: CommentItemProps) {
  const { t, i18n } = useTranslation('comments');
  const [editing, setEditing] = useState(false);
  const update = trpc.marketplace.comments.update.useMutation();
  const remove = trpc.marketplace.comments.delete.useMutation();
  const like = trpc.marketplace.comments.toggleLike.useMutation();
  const [likes, setLikes] = useState({ liked: comment.likedByMe, count: comment.likesCount });
  // the list refetches after every change; take its numbers when they arrive
  const [seen, setSeen] = useState(comment);
  if (seen !== comment) {
    setSeen(comment);
    setLikes({ liked: comment.likedByMe, count: comment.likesCount });
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(comment.createdAt);
  const isReply = comment.parentId !== null;

  const save = async (content: string) => {
    await update.mutateAsync({ commentId: comment.id, content });
    notifications.show({ color: 'teal', message: t('toast.updated') });
    setEditing(false);
    await onChanged();
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('confirmDelete.title'),
      centered: true,
      radius: 'lg',
      children: <Text size="sm">{isReply || replyCount === 0 ? t('confirmDelete.reply') : t('confirmDelete.withReplies')}</Text>,
      labels: { confirm: t('confirmDelete.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'red', radius: 'xl' },
      cancelProps: { radius: 'xl' },
      onConfirm: () => {
        remove
          .mutateAsync({ commentId: comment.id })
          .then(async () => {
            notifications.show({ color: 'teal', message: t('toast.deleted') });
            await onChanged();
          })
          .catch((error: unknown) => notifications.show({ color: 'red', title: t('failed.delete'), message: errorMessage(error) }));
      },
    });

  const toggleLike = async () => {
    try {
      const result = await like.mutateAsync({ commentId: comment.id });
      setLikes({ liked: result.liked, count: result.likesCount });
    } catch (error) {
      notifications.show({ color: 'red', title: t('failed.like'), message: errorMessage(error) });
    }
  };

  return (
    <Box className={isReply ? classes.reply : classes.comment} data-testid={isReply ? 'comment-reply' : 'comment'}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Anchor component={Link} to={`/profile/${comment.author.id}`} aria-label={comment.author.nickname} tabIndex={-1}>
          <Avatar src={comment.author.avatarUrl} name={comment.author.nickname} radius="xl" size={isReply ? 'sm' : 'md'} />
        </Anchor>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Group gap={6} wrap="wrap" miw={0} style={{ flex: 1 }}>
              <Anchor component={Link} to={`/profile/${comment.author.id}`} fw={600} size="sm" c="inherit">
                {comment.author.nickname}
              </Anchor>
              {comment.isMine && (
                <Text size="xs" c="dimmed">
                  ({t('you')})
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {when}
                {comment.edited ? ` · ${t('edited')}` : ''}
              </Text>
            </Group>
            {comment.isMine && !editing && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size="sm" radius="xl" aria-label={t('actions')}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(true)}>
                    {t('edit')}
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={confirmDelete}>
                    {t('delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          {editing ? (
            <CommentComposer
              label={t('editLabel')}
              submitLabel={t('save')}
              initialValue={comment.content}
              busy={update.isPending}
              autoFocus
              onSubmit={save}
              failedTitle={t('failed.update')}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <Text size="sm" className={classes.content}>
              {comment.content}
            </Text>
          )}
          <Group gap={4}>
            <Button
              variant="subtle"
              color={likes.liked ? 'red' : 'gray'}
              size="compact-xs"
              radius="xl"
              leftSection={likes.liked ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />}
              aria-pressed={likes.liked}
              aria-label={likes.liked ? t('unlike', { count: likes.count }) : t('like', { count: likes.count })}
              disabled={!isMember}
              loading={like.isPending}
              onClick={() => void toggleLike()}
            >
              {likes.count}
            </Button>
            {onReply && isMember && (
              <Button
                variant="subtle"
                color="gray"
                size="compact-xs"
                radius="xl"
                leftSection={<IconMessageReply size={14} aria-hidden />}
                aria-label={t('replyTo', { name: comment.author.nickname })}
                onClick={onReply}
              >
                {t('reply')}
              </Button>
            )}
          </Group>
          {children}
        </Stack>
      </Group>
    </Box>
  );
}
