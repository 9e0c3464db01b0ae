import { Button, Center, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_SETTING_LIMITS, SOLANA_ADDRESS_MAX_LENGTH, type TAdminSettings } from '@curio/shared';
import { trpc } from '../../../lib/trpc.ts';
import { LoadFailed } from '../../layout/LoadFailed.tsx';
import { TabHeader } from '../kit/TabHeader.tsx';
import { useAdminMutationOptions } from '../kit/use-admin-mutation-options.ts';

/**
 * A number field's value for the server: an empty or half-typed field becomes NaN, which the
 * server refuses with its translated message (SETTING_VALUES_INVALID) instead of a guess here.
 */
const numeric = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);
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

function submitWith(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    action();
  };
}

function AddressCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const [address, setAddress] = useState(settings.usdtSolanaAddress);
  const save = trpc.admin.settings.updateSolanaAddress.useMutation(useAdminMutationOptions(t('settings.address.success')));
  return (
    <SettingsCard title={t('settings.address.title')} description={t('settings.address.description')} testId="settings-address">
      <form onSubmit={submitWith(() => save.mutate({ address }))}>
        <Stack gap="sm">
          {/* a text area so the whole 44-character address stays readable on a phone */}
          <Textarea
            label={t('settings.address.label')}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
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
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.address.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function WithdrawalCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const [min, setMin] = useState<number | string>(settings.usdnWithdrawalMin);
  const [fee, setFee] = useState<number | string>(toPercent(settings.usdnWithdrawalFeeRate));
  const [rate, setRate] = useState<number | string>(settings.usdnToUsdtRate);
  const save = trpc.admin.settings.updateWithdrawal.useMutation(useAdminMutationOptions(t('settings.withdrawal.success')));
  const submit = () => {
    const percent = numeric(fee);
    save.mutate({ minUsdn: numeric(min), feeRate: Number.isFinite(percent) ? toFraction(percent) : Number.NaN, usdtRate: numeric(rate) });
  };
  return (
    <SettingsCard title={t('settings.withdrawal.title')} description={t('settings.withdrawal.description')} testId="settings-withdrawal">
      <form onSubmit={submitWith(submit)}>
        <Stack gap="sm">
          <NumberInput
            label={t('settings.withdrawal.min')}
            description={t('settings.withdrawal.minHint')}
            value={min}
            onChange={setMin}
            min={1}
            max={ADMIN_SETTING_LIMITS.amountMax}
            decimalScale={2}
            clampBehavior="none"
          />
          <NumberInput
            label={t('settings.withdrawal.fee')}
            description={t('settings.withdrawal.feeHint')}
            value={fee}
            onChange={setFee}
            min={0}
            max={100}
            decimalScale={4}
            suffix=" %"
            clampBehavior="none"
          />
          <NumberInput
            label={t('settings.withdrawal.rate')}
            description={t('settings.withdrawal.rateHint')}
            value={rate}
            onChange={setRate}
            min={0}
            max={ADMIN_SETTING_LIMITS.rateMax}
            decimalScale={6}
            clampBehavior="none"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.withdrawal.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function RechargeCard({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('admin-operations');
  const [min, setMin] = useState<number | string>(settings.usdtMinRecharge);
  const [rate, setRate] = useState<number | string>(settings.usdtRechargeRate);
  const save = trpc.admin.settings.updateRecharge.useMutation(useAdminMutationOptions(t('settings.recharge.success')));
  return (
    <SettingsCard title={t('settings.recharge.title')} description={t('settings.recharge.description')} testId="settings-recharge">
      <form onSubmit={submitWith(() => save.mutate({ minUsdt: numeric(min), rate: numeric(rate) }))}>
        <Stack gap="sm">
          <NumberInput
            label={t('settings.recharge.min')}
            description={t('settings.recharge.hint')}
            value={min}
            onChange={setMin}
            min={0}
            max={ADMIN_SETTING_LIMITS.amountMax}
            decimalScale={2}
            clampBehavior="none"
          />
          <NumberInput
            label={t('settings.recharge.rate')}
            description={t('settings.recharge.hint')}
            value={rate}
            onChange={setRate}
            min={0}
            max={ADMIN_SETTING_LIMITS.rateMax}
            decimalScale={6}
            clampBehavior="none"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.recharge.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
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
