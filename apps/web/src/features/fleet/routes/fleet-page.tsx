// SPEC §2 fleet: the home page of users and admins. Map, list and filters come with the fleet
// issue; until then the page says what it is for and points to the global search.
import { useTranslation } from 'react-i18next';
import { Map, Search } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyPage } from '../../../ui/empty-state/empty-page';
import styles from './fleet-pages.module.css';

export function FleetPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.fleet'));
  return (
    <EmptyPage icon={Map} heading={t('pages.fleet.heading')}>
      <p>{t('pages.fleet.text')}</p>
      <p className={styles.hint}>
        <Search size={16} aria-hidden="true" />
        <span>{t('pages.fleet.searchHint')}</span>
      </p>
    </EmptyPage>
  );
}
