// SPEC §2 administration (admin role; the route guard and the server refuse a manager): the
// fleet's accounts. The bikes (import, removal), the fleet settings and the activity log are the
// open parts of the administration issue.
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../services/use-page-title';
import { Tabs } from '../../../ui/tabs/tabs';
import { AccountsTab } from '../components/accounts-tab';
import styles from '../components/administration.module.css';

export function AdministrationPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.administration'));
  return (
    <div className={styles.page}>
      <Tabs
        tabs={[
          {
            id: 'accounts',
            title: t('administration.tabs.accounts'),
            url: '/administration',
            active: true,
          },
        ]}
        label={t('administration.tabs.label')}
        panelId="administration-panel"
      />
      <div id="administration-panel" role="tabpanel" aria-labelledby="tab-accounts">
        <AccountsTab />
      </div>
    </div>
  );
}
