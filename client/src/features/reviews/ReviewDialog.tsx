import { useState } from 'react';
import { Button, Center, Group, Input, Loader, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../components/DialogActions.tsx';
import { REVIEW_LIMITS, ZCreateReviewInput, ZUpdateReviewInput, type TReview } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, userTextLength, userTextResolver } from '../../lib/forms.ts';
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

interface ReviewValues {
  rating: number;
  content: string;
  images: string[];
}

const CHECKED = { rating: true, content: true } as const;

function ReviewForm({ orderId, review, onDone }: { orderId: string; review: TReview | null; onDone: () => void }) {
  const { t } = useTranslation(['reviews', 'errors', 'common']);
  const utils = trpc.useUtils();
  const create = trpc.marketplace.reviews.create.useMutation();
  const update = trpc.marketplace.reviews.update.useMutation();
  const remove = trpc.marketplace.reviews.delete.useMutation();
  const max = REVIEW_LIMITS.contentMax;
  const form = useForm<ReviewValues>({
    initialValues: { rating: review?.rating ?? 0, content: review?.content ?? '', images: review?.images.map((image) => image.key) ?? [] },
    validate: userTextResolver(review ? ZUpdateReviewInput.pick(CHECKED) : ZCreateReviewInput.pick(CHECKED), max),
  });
  const [uploading, setUploading] = useState(false);
  const { rating, content } = form.values;
  const length = userTextLength(content);

  const refreshAfterChange = async () => {
    await Promise.all([utils.marketplace.reviews.invalidate(), utils.orders.invalidate()]);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      if (review) {
        await update.mutateAsync({ reviewId: review.id, ...values });
        notifications.show({ color: 'teal', message: t('toast.updated') });
      } else {
        await create.mutateAsync({ orderId, ...values });
        notifications.show({ color: 'teal', message: t('toast.created') });
      }
      await refreshAfterChange();
      onDone();
    } catch (error) {
      if (!showServerFieldErrors(form, error, ['rating', 'content'])) {
        notifications.show({ color: 'red', title: t('failed.submit'), message: errorMessage(error) });
      }
    }
  });

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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper label={t('dialog.rating')} required error={form.errors.rating}>
          <Group gap="sm" mt={4}>
            <Rating
              value={rating}
              onChange={(value) => form.setFieldValue('rating', value)}
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
            {...form.getInputProps('content')}
            data-testid="review-content"
          />
          <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="right" aria-live="polite">
            {t('dialog.counter', { count: length, max })}
          </Text>
          <ContactWarning text={content} />
        </Stack>
        <ReviewImagePicker value={form.values.images} onChange={(keys) => form.setFieldValue('images', keys)} disabled={busy} onBusyChange={setUploading} />
        {/* delete stays left; on a narrow screen the buttons wrap to a row of their own, still on the right */}
        <Group justify="flex-end" gap="sm" mt="xs">
          {review && (
            <Button
              variant="subtle"
              color="red"
              radius="xl"
              mr="auto"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={confirmDelete}
              disabled={busy}
            >
              {t('dialog.delete')}
            </Button>
          )}
          <DialogActions
            cancelLabel={t('dialog.cancel')}
            onCancel={onDone}
            submitLabel={review ? t('dialog.save') : t('dialog.submit')}
            loading={busy}
            disabled={uploading}
            disabledReason={t('common:submitReason.uploading')}
            radius="xl"
            submitTestId="review-submit"
          />
        </Group>
      </Stack>
    </form>
  );
}
