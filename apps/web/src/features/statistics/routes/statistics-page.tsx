// SPEC §2 statistics (user role); charts come with the statistics issue.
import { useTranslation } from 'react-i18next';
import { ChartColumn } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyPage } from '../../../ui/empty-state/empty-page';

export function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.statistics'));
  return (
    <EmptyPage icon={ChartColumn} heading={t('pages.statistics.heading')}>
      <p>{t('pages.statistics.text')}</p>
    </EmptyPage>
  );
}
