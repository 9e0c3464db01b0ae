import { Button, type ButtonProps } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSocialTarget } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useOptimisticToggle } from './use-optimistic-toggle.ts';

export interface FavoriteButtonProps {
  target: TSocialTarget;
  favorited: boolean;
  count: number;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  /** Shown instead of the count, where the button only takes the item back. */
  label?: string;
}

/** Favourite / unfavourite a listing or buying request, with the favourite count. */
export function FavoriteButton({ target, favorited, count, size = 'sm', fullWidth, label }: FavoriteButtonProps) {
  const { t } = useTranslation('social');
  const utils = trpc.useUtils();
  const mutation = trpc.marketplace.social.toggleFavorite.useMutation();
  const { state, pending, toggle } = useOptimisticToggle({ active: favorited, count }, () => mutation.mutateAsync(target), {
    onSettled: () => {
      void utils.marketplace.social.myFavorites.invalidate();
      void utils.marketplace.social.state.invalidate(target);
    },
  });
  const Icon = state.active ? IconStarFilled : IconStar;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      radius="xl"
      variant={state.active ? 'light' : 'default'}
      color={state.active ? 'yellow' : 'gray'}
      leftSection={<Icon size={16} aria-hidden />}
      aria-pressed={state.active}
      aria-label={t(state.active ? 'favorite.undoLabel' : 'favorite.label', { count: state.count })}
      data-pending={pending || undefined}
      onClick={() => void toggle()}
    >
      {label ?? state.count}
    </Button>
  );
}
