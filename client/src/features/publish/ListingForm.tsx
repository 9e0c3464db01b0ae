import { useCallback, useState } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Input } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  LISTING_DESCRIPTION_MAX,
  LISTING_TITLE_MAX,
  LISTING_UNITS,
  parseUsdnToCents,
  WARRANTY_DAYS,
  ZListingFields,
  type AppErrorCode,
  type TListingDetail,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { appErrorOf } from '../../lib/app-error.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';
import { useSubmitReason } from '../../components/SubmitReason.tsx';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { useBalances } from '../layout/use-live-counters.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { TagInput } from './TagInput.tsx';
import {
  EMPTY_LISTING_FORM,
  formFieldOf,
  formValuesFromListing,
  listingInputFrom,
  validateListingForm,
  type ListingFormValues,
} from './listing-form-values.ts';

export type ListingFormProps = { mode: 'create' } | { mode: 'edit'; listing: TListingDetail };

const FORM_FIELDS = Object.keys(EMPTY_LISTING_FORM);

/**
 * Publish supply (rules L-1 to L-6) and its edit form: the same fields, the server's schema run in the
 * browser, the live contact warning under title and description. The cost and the balance stand
 * above the form (PublishCostBar); a submit disabled for want of points says so beside it.
 */
export function ListingForm(props: ListingFormProps) {
  const { t, i18n } = useTranslation(['publish', 'errors']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { format } = useDisplayCurrency();
  const balances = useBalances();
  const create = trpc.marketplace.listings.create.useMutation();
  const update = trpc.marketplace.listings.update.useMutation();
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const form = useForm<ListingFormValues>({
    initialValues: props.mode === 'edit' ? formValuesFromListing(props.listing) : EMPTY_LISTING_FORM,
    validate: (values) => {
      const codes = validateListingForm(values);
      return Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, t(`errors:${code}`)]));
    },
    validateInputOnBlur: true,
  });

  const showFailure = (error: unknown) => {
    const { code, params, fields } = appErrorOf(error);
    let onField = false;
    for (const [path, fieldCode] of Object.entries(fields ?? {})) {
      const field = formFieldOf(path);
      if (!FORM_FIELDS.includes(field)) continue;
      form.setFieldError(field, t(`errors:${fieldCode}`));
      onField = true;
    }
    if (code === 'CONTACT_INFO_DETECTED' && typeof params?.fields === 'string') {
      for (const field of params.fields.split(',')) form.setFieldError(field, t('errors:CONTACT_INFO_DETECTED'));
    }
    if (onField && code !== 'CONTACT_INFO_DETECTED') return;
    const generic: AppErrorCode = props.mode === 'create' ? 'OPERATION_FAILED' : 'UPDATE_FAILED';
    const shown = code === 'OPERATION_FAILED' || code === 'VALIDATION_FAILED' ? generic : code;
    notifications.show({
      color: 'red',
      title: t(props.mode === 'create' ? 'publish:form.publishFailed' : 'publish:form.saveFailed'),
      message: t(`errors:${shown}`, params ?? {}),
    });
  };

  const submit = (values: ListingFormValues) => {
    const input = ZListingFields.parse(listingInputFrom(values));
    if (props.mode === 'create') {
      // one key per submit: a retried request (double click, flaky network) publishes and charges once
      create.mutate(
        { ...input, idempotencyKey: `listing-${crypto.randomUUID()}` },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('publish:form.published') });
            void utils.wallet.balances.invalidate();
            void utils.marketplace.invalidate();
            void navigate('/');
          },
          onError: showFailure,
        },
      );
    } else {
      const { id } = props.listing;
      update.mutate(
        { ...input, id },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('publish:form.saved') });
            void utils.marketplace.invalidate();
            void navigate(`/listing/${id}`);
          },
          onError: showFailure,
        },
      );
    }
  };

  const busy = create.isPending || update.isPending;
  const priceCents = parseUsdnToCents(form.values.price.replaceAll(',', ''));
  const originalCents = parseUsdnToCents(form.values.originalPrice.replaceAll(',', ''));
  const points = balances.data?.points;
  const lacksPoints = props.mode === 'create' && points !== undefined && points < LIMITS.publishListingPointsCost;
  // the uploading state is already the button's label; the points shortfall needs saying beside it
  const submitReason = useSubmitReason(
    lacksPoints && !uploading
      ? t('publish:form.notEnoughPoints', { cost: LIMITS.publishListingPointsCost, points: (points ?? 0).toLocaleString(i18n.language) })
      : null,
  );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <div>
          <TextInput
            label={t('publish:form.title')}
            placeholder={t('publish:form.titlePlaceholder')}
            required
            maxLength={LISTING_TITLE_MAX}
            {...form.getInputProps('title')}
          />
          <Text size="xs" c="dimmed" ta="right" mt={2}>
            {t('publish:form.counter', { count: form.values.title.length, max: LISTING_TITLE_MAX })}
          </Text>
          <ContactWarning text={form.values.title} />
        </div>
        <div>
          <Textarea
            label={t('publish:form.description')}
            placeholder={t('publish:form.descriptionPlaceholder')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={LISTING_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <ContactWarning text={form.values.description} />
        </div>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Input.Wrapper label={t('publish:form.category')} required error={form.errors.category}>
            <SegmentedControl
              fullWidth
              mt={4}
              data={[
                { value: 'goods', label: t('publish:category.goods') },
                { value: 'service', label: t('publish:category.service') },
              ]}
              value={form.values.category}
              onChange={(value) => form.setFieldValue('category', value)}
              aria-label={t('publish:form.category')}
            />
          </Input.Wrapper>
          <Select
            label={t('publish:form.unit')}
            required
            allowDeselect={false}
            data={LISTING_UNITS.map((unit) => ({ value: unit, label: t(`publish:units.${unit}`) }))}
            {...form.getInputProps('unit')}
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <div>
            <NumberField
              decimal
              label={t('publish:form.price')}
              placeholder="0.00"
              required
              leftSection={
                <Text size="xs" fw={700}>
                  USDN
                </Text>
              }
              leftSectionWidth={52}
              {...form.getInputProps('price')}
            />
            <Text size="xs" c="dimmed" mt={4} aria-live="polite">
              {priceCents !== null && priceCents > 0 ? t('publish:form.approx', { amount: format(priceCents) }) : t('publish:form.priceHint')}
            </Text>
          </div>
          <div>
            <NumberField
              decimal
              label={t('publish:form.originalPrice')}
              placeholder={t('publish:form.optional')}
              leftSection={
                <Text size="xs" fw={700}>
                  USDN
                </Text>
              }
              leftSectionWidth={52}
              {...form.getInputProps('originalPrice')}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {originalCents !== null && originalCents > 0 ? t('publish:form.approx', { amount: format(originalCents) }) : t('publish:form.originalPriceHint')}
            </Text>
          </div>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberField label={t('publish:form.quantity')} required {...form.getInputProps('quantity')} />
          <Select
            label={t('publish:form.warranty')}
            allowDeselect={false}
            data={WARRANTY_DAYS.map((days) => ({
              value: String(days),
              label: days === 0 ? t('publish:warranty.none') : t('publish:warranty.days', { count: days }),
            }))}
            {...form.getInputProps('warrantyDays')}
          />
        </SimpleGrid>

        <ImagePicker
          value={form.values.images}
          onChange={(keys) => form.setFieldValue('images', keys)}
          error={form.errors.images as string | undefined}
          disabled={busy}
          onBusyChange={onBusyChange}
        />
        <TagInput
          value={form.values.tags}
          onChange={(tags) => form.setFieldValue('tags', tags)}
          error={form.errors.tags as string | undefined}
          disabled={busy}
        />

        <Switch
          label={t('publish:form.anonymous')}
          description={t('publish:form.anonymousHint')}
          {...form.getInputProps('isAnonymous', { type: 'checkbox' })}
        />

        <Group justify="flex-end" gap="sm">
          {submitReason.note}
          {props.mode === 'edit' && (
            <Button variant="default" onClick={() => void navigate(`/listing/${props.listing.id}`)} disabled={busy}>
              {t('publish:form.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            loading={busy}
            disabled={uploading || lacksPoints}
            leftSection={<IconSend size={16} aria-hidden />}
            {...submitReason.describedBy}
          >
            {uploading ? t('publish:form.waitUploads') : props.mode === 'create' ? t('publish:form.publish') : t('publish:form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
