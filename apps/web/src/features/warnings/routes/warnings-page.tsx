// SPEC §2 warnings (user role); a tab per warning type comes with the warnings issue.
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyPage } from '../../../ui/empty-state/empty-page';

export function WarningsPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.warnings'));
  return (
    <EmptyPage icon={TriangleAlert} heading={t('pages.warnings.heading')}>
      <p>{t('pages.warnings.text')}</p>
    </EmptyPage>
  );
}
