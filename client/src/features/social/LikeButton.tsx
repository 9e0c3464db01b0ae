import { Button, type ButtonProps } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSocialTarget } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useOptimisticToggle } from './use-optimistic-toggle.ts';

export interface LikeButtonProps {
  target: TSocialTarget;
  liked: boolean;
  count: number;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  /** Shown instead of the count, where the button only takes the item back. */
  label?: string;
}

/** Like / unlike a listing or buying request, with the like count (rule S-12). */
export function LikeButton({ target, liked, count, size = 'sm', fullWidth, label }: LikeButtonProps) {
  const { t } = useTranslation('social');
  const utils = trpc.useUtils();
  const mutation = trpc.marketplace.social.toggleLike.useMutation();
  const { state, pending, toggle } = useOptimisticToggle({ active: liked, count }, () => mutation.mutateAsync(target), {
    onSettled: () => {
      void utils.marketplace.social.myLikes.invalidate();
      void utils.marketplace.social.state.invalidate(target);
    },
  });
  const Icon = state.active ? IconHeartFilled : IconHeart;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      radius="xl"
      variant={state.active ? 'light' : 'default'}
      color={state.active ? 'red' : 'gray'}
      leftSection={<Icon size={16} aria-hidden />}
      aria-pressed={state.active}
      aria-label={t(state.active ? 'like.undoLabel' : 'like.label', { count: state.count })}
      data-pending={pending || undefined}
      onClick={() => void toggle()}
    >
      {label ?? state.count}
    </Button>
  );
}
