// SPEC §2 warnings (user role); a tab per warning type comes with the warnings issue.
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Page } from '../../../ui/page/page';

export function WarningsPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.warnings'));
  return (
    <Page>
      <EmptyState
        icon={<TriangleAlert size={44} strokeWidth={1.6} />}
        title={t('pages.warnings.heading')}
      >
        <p>{t('pages.warnings.text')}</p>
      </EmptyState>
    </Page>
  );
}
