// The CSV exports (docs/web.md): the list as shown (same filters) and the vehicles
// CSV that the import reads back, named after the fleet and the day.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Download, FileSpreadsheet, FileUp } from 'lucide-react';
import type { FleetFilter } from '@vfm/contract';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { csvFileName, downloadFleetCsv, type CsvKind } from '../../../api/fleet-csv';
import { queryKeys } from '../../../api/query-keys';
import { getFleetInformation } from '../../../live/use-fleet-information';
import styles from './export-menu.module.css';

export function ExportMenu({ filter }: { filter: FleetFilter }) {
  const { t } = useTranslation();
  const { http, queryClient, toasts } = useServices();
  const [busy, setBusy] = useState(false);
  const run = async (kind: CsvKind) => {
    setBusy(true);
    try {
      // the file is named after the fleet, even when the export is asked before the page has
      // read the fleet's information
      const { name } = await queryClient.ensureQueryData({
        queryKey: queryKeys.fleet.information,
        queryFn: () => getFleetInformation(http),
      });
      await downloadFleetCsv(http, kind, filter, csvFileName(name, kind));
    } catch {
      toasts.show({ type: 'error', message: t('fleet.csv.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" variant="secondary" busy={busy}>
          {!busy && <Download size={16} aria-hidden="true" />}
          {t('fleet.csv.menu')}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
          <DropdownMenu.Item className={styles.item} onSelect={() => void run('list')}>
            <FileSpreadsheet size={18} aria-hidden="true" />
            {t('fleet.csv.list')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => void run('vehicles')}>
            <FileUp size={18} aria-hidden="true" />
            {t('fleet.csv.vehicles')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
