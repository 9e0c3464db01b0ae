import { Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SOLANA_ADDRESS_MAX_LENGTH,
  typedNumber,
  ZAdminRechargeSettingsInput,
  ZAdminSolanaAddressInput,
  ZAdminWithdrawalSettingsInput,
  type TAdminSettings,
} from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { translatedSchemaResolver } from '../../../lib/forms.ts';
import { withFieldErrors } from '../kit/admin-form.ts';
import { NumberField } from '../../../components/NumberField.tsx';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

/** Percent <-> fraction without float noise (0.07 * 100 is 7.000000000000001). */
const toPercent = (fraction: number) => Number((fraction * 100).toFixed(6));
const toFraction = (percent: number) => Number((percent / 100).toFixed(8));

/** Rule AD-26: the settings tab, one card per group, each saved (and audited) on its own. */
export function SettingsTab() {
  const { t } = useTranslation(['admin-operations', 'admin']);
  const settings = trpc.admin.settings.get.useQuery();
  return (
    <Stack gap="md">
      <TabHeader title={t('admin:tabs.settings')} description={t('settings.description')} />
      {settings.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : settings.isError ? (
        <LoadFailed title={t('admin:kit.loadFailed')} error={settings.error} retryLabel={t('admin:kit.retry')} onRetry={() => void settings.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <AddressCard settings={settings.data} />
          <CustomerServiceCard settings={settings.data} />
          <WithdrawalCard settings={settings.data} />
          <RechargeCard settings={settings.data} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function SettingsCard({ title, description, children, testId }: { title: string; description: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** The three cards whose fields are saved with a button; the i18n keys and test id follow the group. */
type FormGroup = 'address' | 'withdrawal' | 'recharge';

function SettingsFormCard({
  group,
  onSubmit,
  saving,
  children,
}: {
  group: FormGroup;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-operations');
  return (
    <SettingsCard title={t(`settings.${group}.title`)} description={t(`settings.${group}.description`)} testId={`settings-${group}`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t(`settings.${group}.save`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

/** A number setting: kept as typed (no clamping, no rounding), so a value out of range gets the rule's message. */
interface NumberSetting {
  label: string;
  description: string;
  unit?: string;
}

function NumberSettings<V extends Record<string, string>>({
  form,
  fields,
}: {
  form: Pick<UseFormReturnType<V>, 'getInputProps'>;
  fields: Record<keyof V & string, NumberSetting>;
}) {
  return Object.entries<NumberSetting>(fields).map(([name, field]) => <NumberField key={name} {...field} {...form.getInputProps(name)} decimal />);
}

const ADDRESS_FIELDS = ['address'] as const;
const validateAddress = translatedSchemaResolver(ZAdminSolanaAddressInput);

function AddressCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const form = useForm({ initialValues: { address: settings.usdtSolanaAddress }, validate: validateAddress });
  const save = trpc.admin.settings.updateSolanaAddress.useMutation(
    withFieldErrors(useAdminMutationOptions(t('settings.address.success')), form, ADDRESS_FIELDS),
  );
  return (
    <SettingsFormCard group="address" onSubmit={form.onSubmit(({ address }) => save.mutate({ address }))} saving={save.isPending}>
      {/* a text area so the whole 44-character address stays readable on a phone */}
      <Textarea
        label={t('settings.address.label')}
        {...form.getInputProps('address')}
        onKeyDown={(event) => {
          // an address is one line: Enter saves, as in a one-line field
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        autosize
        minRows={1}
        maxLength={SOLANA_ADDRESS_MAX_LENGTH + 20}
        spellCheck={false}
        autoComplete="off"
        description={settings.usdtSolanaAddress ? undefined : t('settings.address.notSet')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
      />
    </SettingsFormCard>
  );
}

interface WithdrawalValues {
  minUsdn: string;
  /** Typed in percent; the server stores a fraction. */
  feeRate: string;
  usdtRate: string;
}

const WITHDRAWAL_FIELDS = ['minUsdn', 'feeRate', 'usdtRate'] as const;

function withdrawalInput(values: WithdrawalValues) {
  const percent = typedNumber(values.feeRate);
  return { minUsdn: typedNumber(values.minUsdn), feeRate: Number.isFinite(percent) ? toFraction(percent) : Number.NaN, usdtRate: typedNumber(values.usdtRate) };
}

const validateWithdrawal = translatedSchemaResolver(ZAdminWithdrawalSettingsInput);

function WithdrawalCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const form = useForm<WithdrawalValues>({
    initialValues: {
      minUsdn: String(settings.usdnWithdrawalMin),
      feeRate: String(toPercent(settings.usdnWithdrawalFeeRate)),
      usdtRate: String(settings.usdnToUsdtRate),
    },
    // the schema reads the fee as the fraction the server receives
    validate: (values) => validateWithdrawal(withdrawalInput(values)),
  });
  const save = trpc.admin.settings.updateWithdrawal.useMutation(
    withFieldErrors(useAdminMutationOptions(t('settings.withdrawal.success')), form, WITHDRAWAL_FIELDS),
  );
  return (
    <SettingsFormCard group="withdrawal" onSubmit={form.onSubmit((values) => save.mutate(withdrawalInput(values)))} saving={save.isPending}>
      <NumberSettings
        form={form}
        fields={{
          minUsdn: { label: t('settings.withdrawal.min'), description: t('settings.withdrawal.minHint'), unit: 'USDN' },
          feeRate: { label: t('settings.withdrawal.fee'), description: t('settings.withdrawal.feeHint'), unit: '%' },
          usdtRate: { label: t('settings.withdrawal.rate'), description: t('settings.withdrawal.rateHint') },
        }}
      />
    </SettingsFormCard>
  );
}

const RECHARGE_FIELDS = ['minUsdt', 'rate'] as const;
const validateRecharge = translatedSchemaResolver(ZAdminRechargeSettingsInput);
const rechargeInput = (values: { minUsdt: string; rate: string }) => ({ minUsdt: typedNumber(values.minUsdt), rate: typedNumber(values.rate) });

function RechargeCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const form = useForm({
    initialValues: { minUsdt: String(settings.usdtMinRecharge), rate: String(settings.usdtRechargeRate) },
    validate: (values) => validateRecharge(rechargeInput(values)),
  });
  const save = trpc.admin.settings.updateRecharge.useMutation(withFieldErrors(useAdminMutationOptions(t('settings.recharge.success')), form, RECHARGE_FIELDS));
  return (
    <SettingsFormCard group="recharge" onSubmit={form.onSubmit((values) => save.mutate(rechargeInput(values)))} saving={save.isPending}>
      <NumberSettings
        form={form}
        fields={{
          minUsdt: { label: t('settings.recharge.min'), description: t('settings.recharge.hint'), unit: 'USDT' },
          rate: { label: t('settings.recharge.rate'), description: t('settings.recharge.hint') },
        }}
      />
    </SettingsFormCard>
  );
}

const AUTOMATIC = 'automatic';

/**
 * The switch and the answering admin save at once, each with its own message
 * ("customer service enabled / disabled"). The list only offers admins who are not banned.
 */
function CustomerServiceCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const enable = trpc.admin.settings.updateCustomerService.useMutation(useAdminMutationOptions(t('settings.customerService.enabledSuccess')));
  const disable = trpc.admin.settings.updateCustomerService.useMutation(useAdminMutationOptions(t('settings.customerService.disabledSuccess')));
  const choose = trpc.admin.settings.updateCustomerService.useMutation(useAdminMutationOptions(t('settings.customerService.adminSuccess')));
  const busy = enable.isPending || disable.isPending || choose.isPending;
  // a configured admin who lost the role or was banned shows as automatic, which is what answers
  const adminId = settings.admins.some((admin) => admin.id === settings.customerServiceAdminId) ? settings.customerServiceAdminId : null;
  return (
    <SettingsCard title={t('settings.customerService.title')} description={t('settings.customerService.description')} testId="settings-customer-service">
      <Switch
        label={t('settings.customerService.enabled')}
        checked={settings.customerServiceEnabled}
        disabled={busy}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          (enabled ? enable : disable).mutate({ enabled, adminId });
        }}
      />
      <Select
        label={t('settings.customerService.admin')}
        value={adminId ?? AUTOMATIC}
        allowDeselect={false}
        disabled={busy}
        data={[
          { value: AUTOMATIC, label: t('settings.customerService.automatic') },
          ...settings.admins.map((admin) => ({ value: admin.id, label: admin.nickname })),
        ]}
        onChange={(value) => {
          if (value === null) return;
          choose.mutate({ enabled: settings.customerServiceEnabled, adminId: value === AUTOMATIC ? null : value });
        }}
      />
    </SettingsCard>
  );
}
