import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSubmitReason } from '../../components/SubmitReason.tsx';
import {
  formatCents,
  formatRedeemCodeInput,
  isCompleteRedeemCodeInput,
  normaliseRedeemCode,
  REDEEM_CODE_FORMATTED_LENGTH,
  ZRedeemCodeInput,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { Money } from '../../components/Money.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';
import { HistoryList } from './HistoryList.tsx';
import classes from './wallet.module.css';

// rule W-5 (CODE_REQUIRED): 'Please enter the redemption code'
const validate = translatedSchemaResolver(
  ZRedeemCodeInput.pick({ code: true }).extend({
    code: ZRedeemCodeInput.shape.code.refine((code) => normaliseRedeemCode(code) !== '', { error: 'CODE_REQUIRED' }),
  }),
);

/** The code tab of /recharge (rule W-5). */
export function CodeTab() {
  const { t } = useTranslation(['wallet', 'errors', 'common']);
  const form = useForm({ initialValues: { code: '' }, validate });
  const idempotency = useIdempotencyKey('redeem');
  const complete = isCompleteRedeemCodeInput(form.values.code);
  const submitReason = useSubmitReason(complete ? null : t('common:submitReason.incomplete'));
  const utils = trpc.useUtils();
  const redeem = trpc.wallet.redeemCode.useMutation({
    onSuccess: (result) => {
      idempotency.renew();
      form.reset();
      notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: t('code.success', { amount: formatCents(result.usdnReceivedCents) }) });
      void utils.wallet.redemptions.invalidate();
      void utils.wallet.balances.invalidate();
    },
    onError: (error) => {
      if (!showServerFieldErrors(form, error, ['code'])) notifications.show({ color: 'red', title: t('code.failed'), message: errorMessage(error) });
    },
  });

  const submit = form.onSubmit(({ code }) => redeem.mutate({ code: normaliseRedeemCode(code), idempotencyKey: idempotency.current() }));

  return (
    <Stack gap="lg">
      <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.banner}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconSpeakerphone size={28} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2}>
            <Text fw={700}>{t('code.bannerTitle')}</Text>
            <Text size="sm">{t('code.bannerText')}</Text>
          </Stack>
        </Group>
      </Paper>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} title={t('code.infoTitle')}>
        {t('code.infoText')}
      </Alert>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('code.label')}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              {...form.getInputProps('code')}
              onChange={(event) => form.setFieldValue('code', formatRedeemCodeInput(event.currentTarget.value))}
              maxLength={REDEEM_CODE_FORMATTED_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              size="md"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
            />
            <Button type="submit" size="md" loading={redeem.isPending} disabled={!complete} {...submitReason.describedBy}>
              {t('code.redeem')}
            </Button>
            {submitReason.note}
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('code.notesTitle')}
              </Text>
              <List size="sm" c="dimmed" spacing={2}>
                <List.Item>{t('code.note1')}</List.Item>
                <List.Item>{t('code.note2')}</List.Item>
                <List.Item>{t('code.note3')}</List.Item>
              </List>
            </Stack>
          </Stack>
        </form>
      </Paper>
      <RedemptionHistory />
    </Stack>
  );
}

function RedemptionHistory() {
  const { t, i18n } = useTranslation('wallet');
  const list = trpc.wallet.redemptions.useQuery();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('code.historyTitle')}
      </Title>
      <HistoryList
        query={list}
        empty={t('code.historyEmpty')}
        render={(row) => (
          <Group key={row.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} truncate>
                {row.batchName ?? t('code.defaultBatch')}
              </Text>
              <Text size="xs" c="dimmed">
                {dateTime.format(row.redeemedAt)}
              </Text>
            </Stack>
            <Text fw={600} c="teal" style={{ flexShrink: 0 }}>
              +<Money cents={row.usdnReceivedCents} />
            </Text>
          </Group>
        )}
      />
    </Stack>
  );
}
