import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminCsv } from '@curio/shared';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { errorMessage } from '../../../lib/app-error.ts';

/**
 * "Export CSV" of an admin table: the server writes the file from the table's current filters
 * (with the column titles the tab passes in the admin's language) and the browser saves it, as
 * the recharge codes' export does.
 */
export function ExportCsvButton({ exportCsv, testId }: { exportCsv: () => Promise<TAdminCsv>; testId?: string }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { filename, csv, count } = await exportCsv();
      downloadCsv(filename, csv);
      notifications.show({ color: 'teal', message: t('kit.exported', { count }) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {t('kit.exportCsv')}
    </Button>
  );
}
