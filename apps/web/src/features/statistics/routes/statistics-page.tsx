// SPEC §2 statistics (user role); charts come with the statistics issue.
import { useTranslation } from 'react-i18next';
import { ChartColumn } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Page } from '../../../ui/page/page';

export function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.statistics'));
  return (
    <Page>
      <EmptyState
        icon={<ChartColumn size={44} strokeWidth={1.6} />}
        title={t('pages.statistics.heading')}
      >
        <p>{t('pages.statistics.text')}</p>
      </EmptyState>
    </Page>
  );
}
