// SPEC §2 administration (admin role); accounts and bikes come with the administration issue.
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Page } from '../../../ui/page/page';

export function AdministrationPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.administration'));
  return (
    <Page>
      <EmptyState
        icon={<ShieldCheck size={44} strokeWidth={1.6} />}
        title={t('pages.administration.heading')}
      >
        <p>{t('pages.administration.text')}</p>
      </EmptyState>
    </Page>
  );
}
