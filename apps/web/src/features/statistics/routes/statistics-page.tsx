// SPEC §2 statistics (user role); charts come with the statistics issue.
import { useTranslation } from 'react-i18next';
import { ChartColumn } from 'lucide-react';
import { EmptyPage } from '../../../ui/empty-state/empty-page';

export function StatisticsPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('shell.nav.statistics')}
      icon={ChartColumn}
      heading={t('pages.statistics.heading')}
    >
      <p>{t('pages.statistics.text')}</p>
    </EmptyPage>
  );
}
