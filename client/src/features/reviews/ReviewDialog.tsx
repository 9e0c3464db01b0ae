import { useState } from 'react';
import { Button, Center, Group, Input, Loader, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_LIMITS, type TReview } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';
import { ReviewImagePicker } from './ReviewImagePicker.tsx';

interface ReviewDialogProps {
  orderId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Review a completed order, or edit or delete the review already written (rules S-18 and S-19): stars
 * (required), text (required, 500 characters, live contact warning), up to three photos. The
 * server decides who may review; its refusal arrives as a translated toast.
 */
export function ReviewDialog({ orderId, opened, onClose }: ReviewDialogProps) {
  const { t } = useTranslation('reviews');
  const existing = trpc.marketplace.reviews.forOrder.useQuery({ orderId }, { enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={existing.data ? t('dialog.titleEdit') : t('dialog.titleNew')} centered radius="lg" size="lg">
      {existing.isLoading ? (
        <Center py="xl" aria-label={t('dialog.loading')}>
          <Loader size="sm" />
        </Center>
      ) : (
        // keyed by the review, so the form starts from it (or empty) each time it changes
        <ReviewForm key={existing.data?.id ?? 'new'} orderId={orderId} review={existing.data ?? null} onDone={onClose} />
      )}
    </Modal>
  );
}

function ReviewForm({ orderId, review, onDone }: { orderId: string; review: TReview | null; onDone: () => void }) {
  const { t } = useTranslation(['reviews', 'errors']);
  const utils = trpc.useUtils();
  const create = trpc.marketplace.reviews.create.useMutation();
  const update = trpc.marketplace.reviews.update.useMutation();
  const remove = trpc.marketplace.reviews.delete.useMutation();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [content, setContent] = useState(review?.content ?? '');
  const [images, setImages] = useState<string[]>(review?.images.map((image) => image.key) ?? []);
  const [uploading, setUploading] = useState(false);
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [contentError, setContentError] = useState<string | null>(null);
  const length = [...content.trim()].length;
  const max = REVIEW_LIMITS.contentMax;

  const refreshAfterChange = async () => {
    await Promise.all([utils.marketplace.reviews.invalidate(), utils.orders.invalidate()]);
  };

  const submit = async () => {
    const noRating = rating < 1;
    const noContent = length === 0;
    setRatingError(noRating ? t('errors:RATING_REQUIRED') : null);
    setContentError(noContent ? t('errors:CONTENT_REQUIRED') : length > max ? t('errors:CONTENT_TOO_LONG', { max }) : null);
    if (noRating || noContent || length > max) return;
    try {
      if (review) {
        await update.mutateAsync({ reviewId: review.id, rating, content, images });
        notifications.show({ color: 'teal', message: t('toast.updated') });
      } else {
        await create.mutateAsync({ orderId, rating, content, images });
        notifications.show({ color: 'teal', message: t('toast.created') });
      }
      await refreshAfterChange();
      onDone();
    } catch (error) {
      notifications.show({ color: 'red', title: t('failed.submit'), message: errorMessage(error) });
    }
  };

  const confirmDelete = () => {
    if (!review) return;
    modals.openConfirmModal({
      title: t('dialog.confirmDelete.title'),
      centered: true,
      radius: 'lg',
      children: <Text size="sm">{t('dialog.confirmDelete.body')}</Text>,
      labels: { confirm: t('dialog.confirmDelete.confirm'), cancel: t('dialog.confirmDelete.cancel') },
      confirmProps: { color: 'red', radius: 'xl' },
      cancelProps: { radius: 'xl' },
      onConfirm: () => {
        remove
          .mutateAsync({ reviewId: review.id })
          .then(async () => {
            notifications.show({ color: 'teal', message: t('toast.deleted') });
            await refreshAfterChange();
            onDone();
          })
          .catch((error: unknown) => notifications.show({ color: 'red', title: t('failed.delete'), message: errorMessage(error) }));
      },
    });
  };

  const busy = create.isPending || update.isPending || remove.isPending;
  return (
    <Stack gap="md">
      <Input.Wrapper label={t('dialog.rating')} required error={ratingError}>
        <Group gap="sm" mt={4}>
          <Rating
            value={rating}
            onChange={(value) => {
              setRating(value);
              setRatingError(null);
            }}
            size="lg"
            aria-label={t('dialog.rating')}
            data-testid="review-rating"
          />
          {rating > 0 && (
            <Text size="sm" c="dimmed">
              {t(`dialog.ratingHint.${rating}`)}
            </Text>
          )}
        </Group>
      </Input.Wrapper>
      <Stack gap={4}>
        <Textarea
          label={t('dialog.content')}
          required
          placeholder={t('dialog.contentPlaceholder')}
          autosize
          minRows={4}
          maxRows={10}
          value={content}
          error={contentError}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            setContentError(null);
          }}
          data-testid="review-content"
        />
        <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="right" aria-live="polite">
          {t('dialog.counter', { count: length, max })}
        </Text>
        <ContactWarning text={content} />
      </Stack>
      <ReviewImagePicker value={images} onChange={setImages} disabled={busy} onBusyChange={setUploading} />
      <Group justify="space-between" gap="sm" mt="xs">
        {review ? (
          <Button variant="subtle" color="red" radius="xl" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} disabled={busy}>
            {t('dialog.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" radius="xl" onClick={onDone}>
            {t('dialog.cancel')}
          </Button>
          <Button radius="xl" loading={busy} disabled={uploading} onClick={() => void submit()} data-testid="review-submit">
            {review ? t('dialog.save') : t('dialog.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
