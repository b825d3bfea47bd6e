// SPEC §2 administration (admin role); accounts and bikes come with the administration issue.
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyPage } from '../../../ui/empty-state/empty-page';

export function AdministrationPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.administration'));
  return (
    <EmptyPage icon={ShieldCheck} heading={t('pages.administration.heading')}>
      <p>{t('pages.administration.text')}</p>
    </EmptyPage>
  );
}
