import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECHARGE_CODE_RULES, ZAdminGenerateCodesInput, type TAdminGenerateCodesResult } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

type Field = 'valueUsdn' | 'quantity' | 'expiryDays' | 'batchName';

/**
 * The generator of rule AD-17: value (USDN, ≥ 10), quantity (1–1000), expiry in days (0 = never) and
 * an optional batch name, with the rule's defaults 100 / 10 / 30. The same schema as the server
 * checks the form first, so a mistake shows under its field in the admin's language.
 */
export function GenerateCodesForm({ onExportBatch, exporting }: { onExportBatch: (batchName: string) => void; exporting: boolean }) {
  const { t } = useTranslation(['admin-money', 'admin', 'errors']);
  const [valueUsdn, setValueUsdn] = useState<number | string>(RECHARGE_CODE_RULES.defaultValueUsdn);
  const [quantity, setQuantity] = useState<number | string>(RECHARGE_CODE_RULES.defaultQuantity);
  const [expiryDays, setExpiryDays] = useState<number | string>(RECHARGE_CODE_RULES.defaultExpiryDays);
  const [batchName, setBatchName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [generated, setGenerated] = useState<TAdminGenerateCodesResult | null>(null);

  const generate = trpc.admin.rechargeCodes.generate.useMutation(
    useAdminMutationOptions<TAdminGenerateCodesResult>(t('codes.generated'), (result) => {
      setGenerated(result);
      setBatchName('');
    }),
  );

  const submit = () => {
    const input = {
      valueUsdn: typeof valueUsdn === 'number' ? valueUsdn : Number.NaN,
      quantity: typeof quantity === 'number' ? quantity : Number.NaN,
      expiryDays: typeof expiryDays === 'number' ? expiryDays : Number.NaN,
      batchName,
    };
    const parsed = ZAdminGenerateCodesInput.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= t(`errors:${issue.message}`, { defaultValue: t('errors:VALIDATION_FAILED') });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    generate.mutate(input);
  };
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Group gap="xs">
            <IconTicket size={20} aria-hidden />
            <Title order={3} fz="h5">
              {t('codes.generator')}
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <NumberInput
              label={t('codes.value')}
              description={t('codes.valueHint', { min: RECHARGE_CODE_RULES.minValueUsdn })}
              value={valueUsdn}
              onChange={(value) => {
                setValueUsdn(value);
                clear('valueUsdn');
              }}
              min={RECHARGE_CODE_RULES.minValueUsdn}
              // no silent clamping: a value under the minimum gets the CODE_VALUE_MINIMUM message instead (rule AD-17)
              clampBehavior="none"
              allowDecimal={false}
              error={errors.valueUsdn}
              suffix=" USDN"
              data-testid="codes-value"
            />
            <NumberInput
              label={t('codes.quantity')}
              description={t('codes.quantityHint', { max: RECHARGE_CODE_RULES.maxQuantity })}
              value={quantity}
              onChange={(value) => {
                setQuantity(value);
                clear('quantity');
              }}
              min={RECHARGE_CODE_RULES.minQuantity}
              max={RECHARGE_CODE_RULES.maxQuantity}
              clampBehavior="none"
              allowDecimal={false}
              error={errors.quantity}
              data-testid="codes-quantity"
            />
            <NumberInput
              label={t('codes.expiryDays')}
              description={t('codes.expiryHint')}
              value={expiryDays}
              onChange={(value) => {
                setExpiryDays(value);
                clear('expiryDays');
              }}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              error={errors.expiryDays}
              data-testid="codes-expiry"
            />
            <TextInput
              label={t('codes.batchName')}
              description={t('codes.batchHint')}
              value={batchName}
              onChange={(event) => {
                setBatchName(event.currentTarget.value);
                clear('batchName');
              }}
              maxLength={60}
              error={errors.batchName}
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
