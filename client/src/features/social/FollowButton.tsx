import { Button, type ButtonProps } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import type { TToggleResult } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useOptimisticToggle } from './use-optimistic-toggle.ts';

export interface FollowButtonProps {
  userId: string;
  following: boolean;
  /** The followed user's follower count, when the caller shows it; kept in step optimistically. */
  followersCount?: number;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  onChange?: (result: TToggleResult) => void;
}

/**
 * Follow / unfollow a user with 'followed' / 'unfollowed' toasts. Following oneself is refused
 * by the server; its message is 'Cannot follow yourself' (rule S-12).
 */
export function FollowButton({ userId, following, followersCount = 0, size = 'sm', fullWidth, onChange }: FollowButtonProps) {
  const { t } = useTranslation('social');
  const { t: tErrors } = useTranslation('errors');
  const utils = trpc.useUtils();
  const mutation = trpc.marketplace.social.toggleFollow.useMutation();
  const { state, pending, toggle } = useOptimisticToggle({ active: following, count: followersCount }, () => mutation.mutateAsync({ userId }), {
    onSettled: (result) => {
      notifications.show({ color: 'teal', message: t(result.active ? 'follow.followed' : 'follow.unfollowed') });
      void utils.marketplace.social.myFollowing.invalidate();
      void utils.marketplace.social.isFollowing.invalidate({ userId });
      void utils.marketplace.profiles.get.invalidate();
      onChange?.(result);
    },
    messageFor: (code) => (code === 'CANNOT_FOLLOW_SELF' || code === 'USER_NOT_FOUND' ? tErrors(code) : null),
  });
  return (
    <Button
      size={size}
      radius="xl"
      fullWidth={fullWidth}
      variant={state.active ? 'default' : 'filled'}
      leftSection={state.active ? <IconUserCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />}
      aria-pressed={state.active}
      data-pending={pending || undefined}
      // a short label that must never be squeezed by a long nickname beside it
      style={{ flexShrink: 0 }}
      onClick={() => void toggle()}
    >
      {t(state.active ? 'follow.unfollow' : 'follow.follow')}
    </Button>
  );
}
