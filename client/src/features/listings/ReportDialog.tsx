import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LISTING_REPORT_DETAIL_MAX, LISTING_REPORT_REASONS, type TListingReportReason } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf } from '../../lib/app-error.ts';

/** Report dialog: a reason from the list and a required detail, stored for admins as a complaint. */
export function ReportDialog({ opened, onClose, listingId }: { opened: boolean; onClose: () => void; listingId: string }) {
  const { t } = useTranslation(['listing', 'errors']);
  const [reason, setReason] = useState<TListingReportReason>('fake');
  const [detail, setDetail] = useState('');
  const [detailError, setDetailError] = useState<string | null>(null);
  const report = trpc.marketplace.listings.report.useMutation();

  const close = () => {
    setDetail('');
    setDetailError(null);
    setReason('fake');
    onClose();
  };

  const submit = () => {
    if (detail.trim() === '') {
      setDetailError(t('errors:REPORT_DETAIL_REQUIRED'));
      return;
    }
    report.mutate(
      { id: listingId, reason, detail },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('listing:report.sent') });
          close();
        },
        onError: (error) => {
          const { code } = appErrorOf(error);
          if (code === 'REPORT_DETAIL_REQUIRED') setDetailError(t('errors:REPORT_DETAIL_REQUIRED'));
          else notifications.show({ color: 'red', title: t('listing:report.failed'), message: t(`errors:${code}`) });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('listing:report.title')} centered>
      <Stack gap="md">
        <Radio.Group
          label={t('listing:report.reason')}
          value={reason}
          onChange={(value) => setReason(value)}
          required
        >
          <Stack gap={8} mt={6}>
            {LISTING_REPORT_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`listing:report.reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('listing:report.detail')}
          placeholder={t('listing:report.detailPlaceholder')}
          required
          autosize
          minRows={3}
          maxLength={LISTING_REPORT_DETAIL_MAX}
          value={detail}
          error={detailError}
          onChange={(event) => {
            setDetail(event.currentTarget.value);
            if (detailError) setDetailError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('listing:report.cancel')}
          </Button>
          <Button color="red" loading={report.isPending} onClick={submit}>
            {t('listing:report.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
