import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { BUYING_REQUEST_REPORT_REASONS, type TBuyingRequestReportReason } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';

/** Report a buying request (spec 1 §5): a reason is required, details optional; stored for admins (ADR 0009). */
export function ReportDialog({ requestId, opened, onClose }: { requestId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('buying');
  const report = trpc.marketplace.buyingRequests.report.useMutation();
  const [reason, setReason] = useState<TBuyingRequestReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const submit = async () => {
    if (!reason) return setReasonError(t('report.reasonRequired'));
    try {
      await report.mutateAsync({ id: requestId, reason, ...(details.trim() ? { details } : {}) });
      notifications.show({ color: 'teal', message: t('report.sent') });
      setReason(null);
      setDetails('');
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: t('report.failed'), message: errorMessage(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('report.title')} centered radius="lg">
      <Stack gap="md">
        <Radio.Group
          label={t('report.reason')}
          required
          value={reason}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
          error={reasonError}
        >
          <Stack gap="xs" mt="xs">
            {BUYING_REQUEST_REPORT_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`report.reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('report.details')}
          placeholder={t('report.detailsPlaceholder')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={500}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" radius="xl" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button color="red" radius="xl" loading={report.isPending} onClick={() => void submit()}>
            {t('report.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
