import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECHARGE_CODE_RULES, typedNumber, ZAdminGenerateCodesInput, zTypedNumber, type TAdminGenerateCodesResult } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { translatedSchemaResolver } from '../../../lib/forms.ts';
import { withFieldErrors } from '../kit/admin-form.ts';
import { NumberField } from '../../../components/NumberField.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

const FIELDS = ['valueUsdn', 'quantity', 'expiryDays', 'batchName'] as const;
const { shape } = ZAdminGenerateCodesInput;
const validate = translatedSchemaResolver(
  ZAdminGenerateCodesInput.extend({
    valueUsdn: zTypedNumber(shape.valueUsdn),
    quantity: zTypedNumber(shape.quantity),
    expiryDays: zTypedNumber(shape.expiryDays),
  }),
);

/**
 * The generator of rule AD-17: value (USDN, ≥ 10), quantity (1–1000), expiry in days (0 = never) and
 * an optional batch name, with the rule's defaults 100 / 10 / 30. The same schema as the server
 * checks the form first, so a mistake shows under its field in the admin's language.
 */
export function GenerateCodesForm({ onExportBatch, exporting }: { onExportBatch: (batchName: string) => void; exporting: boolean }) {
  const { t } = useTranslation(['admin-money', 'admin', 'errors']);
  const form = useForm({
    initialValues: {
      valueUsdn: String(RECHARGE_CODE_RULES.defaultValueUsdn),
      quantity: String(RECHARGE_CODE_RULES.defaultQuantity),
      expiryDays: String(RECHARGE_CODE_RULES.defaultExpiryDays),
      batchName: '',
    },
    validate,
  });
  const [generated, setGenerated] = useState<TAdminGenerateCodesResult | null>(null);

  const generate = trpc.admin.rechargeCodes.generate.useMutation(
    withFieldErrors(
      useAdminMutationOptions<TAdminGenerateCodesResult>(t('codes.generated'), (result) => {
        setGenerated(result);
        form.setFieldValue('batchName', '');
      }),
      form,
      FIELDS,
    ),
  );

  const submit = form.onSubmit((values) =>
    generate.mutate({
      valueUsdn: typedNumber(values.valueUsdn),
      quantity: typedNumber(values.quantity),
      expiryDays: typedNumber(values.expiryDays),
      batchName: values.batchName,
    }),
  );

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <IconTicket size={20} aria-hidden />
            <Title order={3} fz="h5">
              {t('codes.generator')}
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {/* as typed: a value under the minimum gets the CODE_VALUE_MINIMUM message, never a silent clamp (rule AD-17) */}
            <NumberField
              label={t('codes.value')}
              description={t('codes.valueHint', { min: RECHARGE_CODE_RULES.minValueUsdn })}
              {...form.getInputProps('valueUsdn')}
              unit="USDN"
              data-testid="codes-value"
            />
            <NumberField
              label={t('codes.quantity')}
              description={t('codes.quantityHint', { max: RECHARGE_CODE_RULES.maxQuantity })}
              {...form.getInputProps('quantity')}
              data-testid="codes-quantity"
            />
            <NumberField label={t('codes.expiryDays')} description={t('codes.expiryHint')} {...form.getInputProps('expiryDays')} data-testid="codes-expiry" />
            <TextInput
              label={t('codes.batchName')}
              description={t('codes.batchHint')}
              {...form.getInputProps('batchName')}
              maxLength={60}
              data-testid="codes-batch"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={generate.isPending} leftSection={<IconTicket size={16} />}>
              {t('codes.generate')}
            </Button>
          </Group>
          {generated && (
            <Alert color="teal" variant="light" data-testid="codes-generated">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('codes.batchReady', { count: generated.count, batch: generated.batchName })}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  leftSection={<IconDownload size={14} />}
                  loading={exporting}
                  onClick={() => onExportBatch(generated.batchName)}
                >
                  {t('codes.downloadBatch')}
                </Button>
              </Group>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
