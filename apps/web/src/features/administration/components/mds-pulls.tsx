// The last pulls of the cities' MDS API (docs/open-data.md): when, which client, which path,
// the answer's status and how many rows it carried.
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../format/date-time-text';
import { useFormatters } from '../../../format/use-formatters';
import { DataTable } from '../../../ui/data-table/data-table';
import { useMdsAccessLog } from '../api/city-clients';
import styles from './administration.module.css';

export function MdsPulls() {
  const { t } = useTranslation();
  const format = useFormatters();
  const pulls = useMdsAccessLog();
  return (
    <>
      <h3 className={styles.subTitle}>{t('administration.cityAccess.pulls')}</h3>
      {pulls.data && pulls.data.entries.length > 0 ? (
        <DataTable
          caption={t('administration.cityAccess.pulls')}
          testId="mds-pulls"
          rows={pulls.data.entries}
          rowKey={(entry) => `${entry.at}-${entry.path}-${entry.clientId}`}
          columns={[
            {
              id: 'at',
              label: t('administration.cityAccess.at'),
              cell: (e) => <DateTimeText iso={e.at} />,
            },
            {
              id: 'client',
              label: t('administration.cityAccess.client'),
              cell: (e) => e.clientName,
            },
            {
              id: 'path',
              label: t('administration.cityAccess.path'),
              cell: (e) => <code className={styles.feedCode}>{e.path}</code>,
            },
            {
              id: 'status',
              label: t('administration.cityAccess.status'),
              cell: (e) => e.status,
            },
            {
              id: 'rows',
              label: t('administration.cityAccess.rows'),
              cell: (e) => (e.rows === null ? '—' : format.number(e.rows)),
            },
          ]}
        />
      ) : (
        <p className={styles.muted}>{t('administration.cityAccess.pullsEmpty')}</p>
      )}
    </>
  );
}
