import { ActionIcon, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TIP_PRESETS_MAX, typedNumber, ZAdminTipAmountInput, zTypedNumber, type TTipCurrency } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { translatedSchemaResolver } from '../../../lib/forms.ts';
import { withFieldErrors } from '../kit/admin-form.ts';
import { NumberField } from '../../../components/NumberField.tsx';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

/** Rule AD-27: the two preset lists of the tip dialog, USDN and points; add and remove amounts. */
export function TipSettingsTab() {
  const { t } = useTranslation(['admin-operations', 'admin']);
  const tips = trpc.admin.tipSettings.get.useQuery();
  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.tip-settings')} description={t('tips.description')} />
      {tips.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : tips.isError ? (
        <LoadFailed title={t('admin:kit.loadFailed')} error={tips.error} retryLabel={t('admin:kit.retry')} onRetry={() => void tips.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TipList currency="usdn" amounts={tips.data.usdn} />
          <TipList currency="points" amounts={tips.data.points} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

const AMOUNT_FIELDS = ['amount'] as const;
// as typed: 1.5, 0 and -3 are refused with 'enter a valid amount' (rule AD-27), never rewritten to 15, 1 or 3
const validateAmount = translatedSchemaResolver(ZAdminTipAmountInput.pick({}).extend({ amount: zTypedNumber(ZAdminTipAmountInput.shape.amount) }));

/**
 * One list. The server refuses a duplicate (TIP_AMOUNT_EXISTS), a non-whole or non-positive
 * amount (INVALID_AMOUNT), removing the last amount and a list longer than TIP_PRESETS_MAX;
 * the last two are also shown here as disabled buttons so the admin sees why first.
 */
function TipList({ currency, amounts }: { currency: TTipCurrency; amounts: number[] }) {
  const { t, i18n } = useTranslation('admin-operations');
  const form = useForm({ initialValues: { amount: '' }, validate: validateAmount });
  const add = trpc.admin.tipSettings.add.useMutation(
    withFieldErrors(
      useAdminMutationOptions(t('tips.added'), () => form.reset()),
      form,
      AMOUNT_FIELDS,
    ),
  );
  const remove = trpc.admin.tipSettings.remove.useMutation(useAdminMutationOptions(t('tips.removed')));
  const full = amounts.length >= TIP_PRESETS_MAX;
  const lastOne = amounts.length <= 1;
  const label = (value: number) => (currency === 'usdn' ? `${value.toLocaleString(i18n.language)} USDN` : value.toLocaleString(i18n.language));

  return (
    <Paper withBorder radius="md" p="md" data-testid={`tip-list-${currency}`}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h5">
            {t(`tips.${currency}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('tips.listHint')}
          </Text>
        </div>
        <Group gap="xs" component="ul" p={0} m={0} aria-label={t(`tips.${currency}`)}>
          {amounts.map((value) => (
            <Badge
              key={value}
              component="li"
              size="lg"
              variant="light"
              radius="sm"
              style={{ listStyle: 'none', textTransform: 'none' }}
              data-testid={`tip-amount-${currency}-${value}`}
              rightSection={
                <Tooltip label={t('tips.lastOne')} disabled={!lastOne}>
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="gray"
                    aria-label={t('tips.remove', { amount: label(value) })}
                    disabled={lastOne || remove.isPending}
                    onClick={() => remove.mutate({ currency, amount: value })}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                </Tooltip>
              }
            >
              {label(value)}
            </Badge>
          ))}
        </Group>
        <form onSubmit={form.onSubmit(({ amount }) => add.mutate({ currency, amount: typedNumber(amount) }))} noValidate>
          {/* the button lines up with the field itself, whatever message shows under it */}
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NumberField
              label={t('tips.amount')}
              placeholder={t('tips.amountPlaceholder')}
              {...form.getInputProps('amount')}
              disabled={full}
              style={{ flex: 1 }}
              description={full ? t('tips.full', { max: TIP_PRESETS_MAX }) : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid={`tip-amount-input-${currency}`}
            />
            <Button type="submit" loading={add.isPending} disabled={full} mt="calc(var(--mantine-font-size-sm) * var(--mantine-line-height))">
              {t('tips.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
