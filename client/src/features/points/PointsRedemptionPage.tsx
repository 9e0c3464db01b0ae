import {
  Alert,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBrandAlipay, IconBrandWechat, IconHistory, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../lib/use-tab-param.ts';
import { LoadFailed } from '../layout/LoadFailed.tsx';
import {
  POINTS_RULES,
  pointsRedemptionQuote,
  typedNumber,
  ZPointsRedemptionInput,
  zTypedNumber,
  type AppErrorCode,
  type TPointsRedemption,
  type TPointsRedemptionStatus,
  type TRedemptionMethod,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver, withLimits } from '../../lib/forms.ts';
import { useIdempotencyKey } from '../wallet/use-idempotency-key.ts';
import { useEmailVerified, VerifyFirstNotice } from '../auth/VerifyFirstNotice.tsx';
import { MemberPage } from '../../components/MemberPage.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';

const TABS = ['apply', 'history'] as const;

const STATUS_COLORS: Record<TPointsRedemptionStatus, string> = { pending: 'yellow', approved: 'blue', completed: 'teal', rejected: 'red' };

/** Cash is paid through WeChat Pay or Alipay, so it is shown in yuan (ADR 0016). */
function useCashFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 });
  return (cents: number) => format.format(cents / 100);
}

/** The older points redemption screen (rules P-7 to P-11): tabs apply and history. */
export function PointsRedemptionPage() {
  const { t } = useTranslation('points');
  const [tab, selectTab] = useTabParam(TABS);
  return (
    <MemberPage title={t('redemption.title')} subtitle={t('redemption.subtitle')}>
      <Tabs value={tab} onChange={selectTab} variant="pills" radius="xl" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="apply" leftSection={<IconSend size={15} aria-hidden />}>
            {t('redemption.tabs.apply')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={15} aria-hidden />}>
            {t('redemption.tabs.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="apply" pt="md">
          <ApplyForm onSubmitted={() => selectTab('history')} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <History />
        </Tabs.Panel>
      </Tabs>
    </MemberPage>
  );
}

const REDEMPTION_FIELDS = ['points', 'method', 'account'];
const validateRedemption = translatedSchemaResolver(
  ZPointsRedemptionInput.pick({ method: true, account: true }).extend({ points: zTypedNumber(ZPointsRedemptionInput.shape.points) }),
);

/** The field each refusal of the server is about (they carry no field of their own). */
const REFUSAL_FIELD: Partial<Record<AppErrorCode, 'points' | 'account'>> = {
  ACCOUNT_REQUIRED: 'account',
  CONTENT_TOO_LONG: 'account',
  POINTS_REDEMPTION_MINIMUM: 'points',
  AMOUNT_NOT_WHOLE: 'points',
  INSUFFICIENT_POINTS: 'points',
};

function ApplyForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t, i18n } = useTranslation('points');
  const { t: te } = useTranslation('errors');
  const cash = useCashFormat();
  const utils = trpc.useUtils();
  const center = trpc.points.center.useQuery({ timeZone: browserTimeZone() }, { staleTime: 10_000 });
  const balance = center.data?.balance ?? 0;
  const form = useForm({
    initialValues: { points: '', method: 'wechat' as TRedemptionMethod, account: '' },
    validate: withLimits(validateRedemption, ({ points, account }) => ({
      points:
        typedNumber(points) < POINTS_RULES.redemptionMinimumPoints
          ? te('POINTS_REDEMPTION_MINIMUM', { min: POINTS_RULES.redemptionMinimumPoints })
          : center.data && typedNumber(points) > balance
            ? te('INSUFFICIENT_POINTS')
            : null,
      account: account.trim().length > POINTS_RULES.accountMaxLength ? te('CONTENT_TOO_LONG', { max: POINTS_RULES.accountMaxLength }) : null,
    })),
  });
  // one key per submission attempt: a retry of the same click reuses it, success makes a new one
  const idempotency = useIdempotencyKey('points-redemption');

  const verified = useEmailVerified();
  const create = trpc.points.redemption.create.useMutation({
    onSuccess: () => {
      idempotency.renew();
      notifications.show({ color: 'teal', message: t('redemption.submitted') });
      form.reset();
      void utils.points.redemption.mine.invalidate();
      void utils.points.center.invalidate();
      void utils.points.rewards.invalidate();
      onSubmitted();
    },
    onError: (error) => {
      const field = REFUSAL_FIELD[appErrorOf(error).code];
      if (!showServerFieldErrors(form, error, REDEMPTION_FIELDS) && field) form.setFieldError(field, errorMessage(error));
      notifications.show({ color: 'red', title: t('redemption.failed'), message: errorMessage(error) });
    },
  });

  const amount = typedNumber(form.values.points);
  const quote = Number.isInteger(amount) && amount > 0 ? pointsRedemptionQuote(amount) : null;

  const submit = form.onSubmit(({ points, method, account }) =>
    create.mutate({ points: typedNumber(points), method, account: account.trim(), idempotencyKey: idempotency.current() }),
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={2} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('redemption.available')}
            </Text>
            <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {center.data ? balance.toLocaleString(i18n.language) : '—'}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('redemption.held')}
            </Text>
            <Text fw={700} fz="xl" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {(center.data?.held ?? 0).toLocaleString(i18n.language)}
            </Text>
          </Stack>
        </SimpleGrid>
      </Paper>

      <Alert variant="light" color="grape" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('redemption.rules', {
          min: POINTS_RULES.redemptionMinimumPoints.toLocaleString(i18n.language),
          rate: POINTS_RULES.pointsPerCashUnit,
          fee: POINTS_RULES.redemptionFeePercent,
        })}
      </Alert>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberField
            label={t('redemption.points')}
            placeholder={t('redemption.pointsPlaceholder', { min: POINTS_RULES.redemptionMinimumPoints })}
            {...form.getInputProps('points')}
            required
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="redemption-method-label">
              {t('redemption.method')}
            </Text>
            <SegmentedControl
              aria-labelledby="redemption-method-label"
              {...form.getInputProps('method', { withError: false })}
              radius="xl"
              data={[
                {
                  value: 'wechat',
                  label: (
                    <Group gap={6} justify="center" wrap="nowrap">
                      <IconBrandWechat size={16} aria-hidden />
                      <span>{t('redemption.methods.wechat')}</span>
                    </Group>
                  ),
                },
                {
                  value: 'alipay',
                  label: (
                    <Group gap={6} justify="center" wrap="nowrap">
                      <IconBrandAlipay size={16} aria-hidden />
                      <span>{t('redemption.methods.alipay')}</span>
                    </Group>
                  ),
                },
              ]}
            />
          </Stack>
          <TextInput
            label={t('redemption.account')}
            placeholder={t(`redemption.accountPlaceholder.${form.values.method}`)}
            {...form.getInputProps('account')}
            maxLength={POINTS_RULES.accountMaxLength}
            required
          />
          <Paper radius="md" p="sm" bg="var(--mantine-color-default-hover)" aria-live="polite">
            <SimpleGrid cols={3} spacing="xs">
              <PreviewFigure label={t('redemption.preview.points')} value={quote ? quote.points.toLocaleString(i18n.language) : '—'} />
              <PreviewFigure
                label={t('redemption.preview.fee')}
                value={quote ? t('redemption.pointsValue', { points: quote.feePoints.toLocaleString(i18n.language) }) : '—'}
              />
              <PreviewFigure label={t('redemption.preview.cash')} value={quote ? cash(quote.cashCents) : '—'} strong />
            </SimpleGrid>
          </Paper>
          <VerifyFirstNotice />
          <Button type="submit" radius="xl" color="grape" loading={create.isPending} disabled={!verified} leftSection={<IconSend size={16} aria-hidden />}>
            {t('redemption.submit')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

function PreviewFigure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} c={strong ? 'grape' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

function History() {
  const { t } = useTranslation('points');
  const mine = trpc.points.redemption.mine.useQuery();
  if (mine.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (mine.isError) {
    return <LoadFailed title={t('loadFailed')} error={mine.error} retryLabel={t('retry')} onRetry={() => void mine.refetch()} />;
  }
  if (mine.data.length === 0) return <EmptyState py="xl" icon={<IconHistory size={28} />} title={t('redemption.empty')} />;
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0}>
        {mine.data.map((row) => (
          <HistoryCard key={row.id} row={row} />
        ))}
      </Stack>
      <Paper withBorder radius="md" visibleFrom="sm" style={{ overflow: 'hidden' }}>
        <HistoryTable rows={mine.data} />
      </Paper>
    </>
  );
}

function useHistoryFormat() {
  const { i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return { time: (iso: string) => time.format(new Date(iso)), number: (value: number) => value.toLocaleString(i18n.language) };
}

function HistoryTable({ rows }: { rows: TPointsRedemption[] }) {
  const { t } = useTranslation('points');
  const cash = useCashFormat();
  const format = useHistoryFormat();
  return (
    <Table striped verticalSpacing="sm" horizontalSpacing="md">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('redemption.columns.points')}</Table.Th>
          <Table.Th>{t('redemption.columns.method')}</Table.Th>
          <Table.Th>{t('redemption.columns.account')}</Table.Th>
          <Table.Th ta="right">{t('redemption.columns.fee')}</Table.Th>
          <Table.Th ta="right">{t('redemption.columns.cash')}</Table.Th>
          <Table.Th>{t('redemption.columns.status')}</Table.Th>
          <Table.Th>{t('redemption.columns.notes')}</Table.Th>
          <Table.Th>{t('redemption.columns.time')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td fw={600}>{format.number(row.points)}</Table.Td>
            <Table.Td>{t(`redemption.methods.${row.method}`)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{row.account}</Table.Td>
            <Table.Td ta="right">{format.number(row.feePoints)}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {cash(row.cashCents)}
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[row.status]} variant="light">
                {t(`redemption.status.${row.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td c={row.adminNotes ? undefined : 'dimmed'}>{row.adminNotes ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.time(row.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function HistoryCard({ row }: { row: TPointsRedemption }) {
  const { t } = useTranslation('points');
  const cash = useCashFormat();
  const format = useHistoryFormat();
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('redemption.pointsValue', { points: format.number(row.points) })}</Text>
          <Badge color={STATUS_COLORS[row.status]} variant="light">
            {t(`redemption.status.${row.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t(`redemption.methods.${row.method}`)} · <span style={{ wordBreak: 'break-all' }}>{row.account}</span>
        </Text>
        <Group gap="lg">
          <Text size="xs" c="dimmed">
            {t('redemption.columns.fee')}: {format.number(row.feePoints)}
          </Text>
          <Text size="xs" fw={600}>
            {t('redemption.columns.cash')}: {cash(row.cashCents)}
          </Text>
        </Group>
        {row.adminNotes && (
          <Text size="xs" c="dimmed">
            {t('redemption.columns.notes')}: {row.adminNotes}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {format.time(row.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}
