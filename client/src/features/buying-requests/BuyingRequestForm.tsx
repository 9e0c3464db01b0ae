import { useState } from 'react';
import { Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSubmitReason } from '../../components/SubmitReason.tsx';
import {
  BUYING_REQUEST_EXPIRY_DAYS,
  LIMITS,
  typedNumber,
  ZCreateBuyingRequestInput,
  ZUpdateBuyingRequestInput,
  isAppErrorCode,
  type AppErrorCode,
  type TBuyingRequestDetail,
  type TListingCategory,
} from '@curio/shared';
import i18n from '../../i18n/index.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';
import { ImagePicker } from '../publish/ImagePicker.tsx';
import { TagInput } from '../publish/TagInput.tsx';
import { centsToInput, parseAmountInput } from './money-input.ts';

export type BuyingRequestFormProps = { mode: 'create' } | { mode: 'edit'; requestId: string };

interface FormValues {
  title: string;
  description: string;
  category: TListingCategory | '';
  images: string[];
  tags: string[];
  budgetMin: string;
  budgetMax: string;
  maxOffersAllowed: string;
  expiresInDays: string;
}

const EXPIRY_CHOICES = [7, 15, 30, 60, 90] as const;
const FIELD_NAMES: Record<string, keyof FormValues> = {
  title: 'title',
  description: 'description',
  category: 'category',
  images: 'images',
  tags: 'tags',
  budgetMinCents: 'budgetMin',
  budgetMaxCents: 'budgetMax',
  maxOffersAllowed: 'maxOffersAllowed',
  expiresInDays: 'expiresInDays',
};

function messageFor(code: string): string {
  return isAppErrorCode(code) ? i18n.t(`errors:${code}`) : i18n.t('errors:VALIDATION_FAILED');
}

/** The values as the procedure input, plus field errors from the same schema the server uses. */
function toInput(values: FormValues, props: BuyingRequestFormProps) {
  const errors: FormErrors = {};
  const budget = (text: string, field: 'budgetMin' | 'budgetMax') => {
    const parsed = parseAmountInput(text);
    if (parsed.kind === 'invalid') errors[field] = messageFor('BUDGET_INVALID');
    return parsed.kind === 'cents' ? parsed.cents : null;
  };
  const common = {
    title: values.title,
    description: values.description,
    category: values.category === '' ? null : values.category,
    images: values.images,
    tags: values.tags,
    budgetMinCents: budget(values.budgetMin, 'budgetMin'),
    budgetMaxCents: budget(values.budgetMax, 'budgetMax'),
  };
  const input = { ...common, maxOffersAllowed: typedNumber(values.maxOffersAllowed), expiresInDays: Number(values.expiresInDays) };
  const result = props.mode === 'create' ? ZCreateBuyingRequestInput.safeParse(input) : ZUpdateBuyingRequestInput.safeParse({ id: props.requestId, ...common });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_NAMES[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = messageFor(issue.message);
    }
  }
  return { input: common, create: input, errors };
}

function initialValues(request: TBuyingRequestDetail | null): FormValues {
  return {
    title: request?.title ?? '',
    description: request?.description ?? '',
    category: request?.category ?? '',
    images: request?.images ?? [],
    tags: request?.tags ?? [],
    budgetMin: centsToInput(request?.budgetMinCents ?? null),
    budgetMax: centsToInput(request?.budgetMaxCents ?? null),
    maxOffersAllowed: String(LIMITS.defaultMaxOffers),
    expiresInDays: String(BUYING_REQUEST_EXPIRY_DAYS.default),
  };
}

/**
 * Publish (free) or edit a buying request (rules B-1 to B-4): title and description required, optional
 * category, images, tags and budget in USDN with its amount in the display currency beside it.
 */
export function BuyingRequestForm(props: BuyingRequestFormProps) {
  const { t } = useTranslation('buying');
  const detail = trpc.marketplace.buyingRequests.get.useQuery({ id: props.mode === 'edit' ? props.requestId : '' }, { enabled: props.mode === 'edit' });
  if (props.mode === 'edit') {
    if (!detail.data) {
      return (
        <Center py={80}>
          <Loader aria-label={t('loading')} />
        </Center>
      );
    }
    return <RequestFields props={props} request={detail.data} />;
  }
  return <RequestFields props={props} request={null} />;
}

function AmountHint({ text }: { text: string }) {
  const { t } = useTranslation('buying');
  const display = useDisplayCurrency();
  const parsed = parseAmountInput(text);
  if (parsed.kind !== 'cents' || display.currency === 'USD') return null;
  return (
    <Text size="xs" c="dimmed">
      {t('form.approx', { amount: display.format(parsed.cents) })}
    </Text>
  );
}

function RequestFields({ props, request }: { props: BuyingRequestFormProps; request: TBuyingRequestDetail | null }) {
  const { t } = useTranslation(['buying', 'home', 'common']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.marketplace.buyingRequests.create.useMutation();
  const update = trpc.marketplace.buyingRequests.update.useMutation();
  const [uploading, setUploading] = useState(false);
  const submitReason = useSubmitReason(uploading ? t('common:submitReason.uploading') : null);
  const form = useForm<FormValues>({
    initialValues: initialValues(request),
    validate: (values) => toInput(values, props).errors,
  });

  const showServerError = (error: unknown) => {
    const data = appErrorOf(error);
    let placed = false;
    for (const [path, code] of Object.entries(data.fields ?? {})) {
      const field = FIELD_NAMES[path.split('.')[0] ?? ''];
      if (field) {
        form.setFieldError(field, messageFor(code));
        placed = true;
      }
    }
    if (data.code === 'CONTACT_INFO_DETECTED') {
      for (const name of String(data.params?.fields ?? '').split(',')) {
        const field = FIELD_NAMES[name];
        if (field) form.setFieldError(field, messageFor('CONTACT_INFO_DETECTED'));
      }
    }
    const fallback: AppErrorCode = props.mode === 'create' ? 'OPERATION_FAILED' : 'UPDATE_FAILED';
    notifications.show({ color: 'red', message: placed || data.code !== 'OPERATION_FAILED' ? errorMessage(error) : messageFor(fallback) });
  };

  const submit = async (values: FormValues) => {
    const { input, create: createInput } = toInput(values, props);
    try {
      if (props.mode === 'create') {
        await create.mutateAsync(createInput);
        await utils.marketplace.buyingRequests.mine.invalidate();
        notifications.show({ color: 'teal', message: t('buying:form.created') });
        void navigate('/buying-requests/my');
      } else {
        await update.mutateAsync({ id: props.requestId, ...input });
        await utils.marketplace.buyingRequests.get.invalidate({ id: props.requestId });
        notifications.show({ color: 'teal', message: t('buying:form.updated') });
        void navigate(`/buying-requests/${props.requestId}`);
      }
    } catch (error) {
      showServerError(error);
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <div>
              <TextInput
                label={t('buying:form.title')}
                placeholder={t('buying:form.titlePlaceholder')}
                required
                maxLength={LIMITS.buyingRequestTitleMax}
                description={t('buying:form.charCount', { count: form.values.title.length, max: LIMITS.buyingRequestTitleMax })}
                {...form.getInputProps('title')}
              />
              <ContactWarning text={form.values.title} />
            </div>
            <div>
              <Textarea
                label={t('buying:form.description')}
                placeholder={t('buying:form.descriptionPlaceholder')}
                required
                autosize
                minRows={4}
                maxRows={12}
                maxLength={LIMITS.buyingRequestDescriptionMax}
                description={t('buying:form.charCount', {
                  count: form.values.description.length,
                  max: LIMITS.buyingRequestDescriptionMax,
                })}
                {...form.getInputProps('description')}
              />
              <ContactWarning text={form.values.description} />
            </div>
            <Select
              label={t('buying:form.category')}
              placeholder={t('buying:form.categoryAny')}
              clearable
              data={[
                { value: 'goods', label: t('home:category.goods') },
                { value: 'service', label: t('home:category.service') },
              ]}
              value={form.values.category === '' ? null : form.values.category}
              onChange={(value) => form.setFieldValue('category', value ?? '')}
              error={form.errors.category}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <ImagePicker
              label={t('buying:form.images')}
              value={form.values.images}
              onChange={(keys) => form.setFieldValue('images', keys)}
              error={typeof form.errors.images === 'string' ? form.errors.images : null}
              onBusyChange={setUploading}
            />
            <TagInput
              label={t('buying:form.tags')}
              value={form.values.tags}
              onChange={(tags) => form.setFieldValue('tags', tags)}
              error={typeof form.errors.tags === 'string' ? form.errors.tags : null}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {t('buying:form.budget')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('buying:form.budgetHint')}
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Stack gap={4}>
                <NumberField
                  decimal
                  label={t('buying:form.budgetMin')}
                  placeholder="0.00"
                  leftSection={<Text size="xs">USDN</Text>}
                  leftSectionWidth={52}
                  {...form.getInputProps('budgetMin')}
                />
                <AmountHint text={form.values.budgetMin} />
              </Stack>
              <Stack gap={4}>
                <NumberField
                  decimal
                  label={t('buying:form.budgetMax')}
                  placeholder={t('buying:form.noLimit')}
                  leftSection={<Text size="xs">USDN</Text>}
                  leftSectionWidth={52}
                  {...form.getInputProps('budgetMax')}
                />
                <AmountHint text={form.values.budgetMax} />
              </Stack>
            </SimpleGrid>
            {props.mode === 'create' && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <NumberField label={t('buying:form.maxOffers')} description={t('buying:form.maxOffersHint')} {...form.getInputProps('maxOffersAllowed')} />
                <Select
                  label={t('buying:form.expiresIn')}
                  description={t('buying:form.expiresInHint')}
                  allowDeselect={false}
                  data={EXPIRY_CHOICES.map((days) => ({ value: String(days), label: t('buying:form.days', { count: days }) }))}
                  {...form.getInputProps('expiresInDays')}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Paper>

        <Group justify="flex-end" gap="sm">
          {props.mode === 'edit' && (
            <Button variant="default" radius="xl" onClick={() => void navigate(`/buying-requests/${props.requestId}`)}>
              {t('buying:form.cancel')}
            </Button>
          )}
          {submitReason.note}
          <Button
            type="submit"
            radius="xl"
            loading={busy}
            disabled={uploading}
            {...submitReason.describedBy}
            leftSection={props.mode === 'create' ? <IconSend size={16} aria-hidden /> : <IconDeviceFloppy size={16} aria-hidden />}
          >
            {props.mode === 'create' ? t('buying:form.publish') : t('buying:form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
