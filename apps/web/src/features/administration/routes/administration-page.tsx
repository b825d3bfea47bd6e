// SPEC §2 administration (admin role; the route guard and the server refuse a manager): the
// fleet's accounts, its bikes (import, export, removal), its settings (warning thresholds, CO2),
// its activity log, the module messages in quarantine (docs/operations.md) and the background jobs that
// failed (ADR 0081), the fleet's open-data feed and its cities' MDS access (docs/open-data.md), its
// webhooks (docs/webhooks.md), a tab each in the address.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../services/use-page-title';
import { Tabs } from '../../../ui/tabs/tabs';
import { AccountsTab } from '../components/accounts-tab';
import { ActivityTab } from '../components/activity-tab';
import { BikesTab } from '../components/bikes-tab';
import { JobsTab } from '../components/jobs-tab';
import { useJobs } from '../api/jobs';
import { QuarantineTab } from '../components/quarantine-tab';
import { useQuarantine } from '../api/quarantine';
import { SettingsTab } from '../components/settings-tab';
import { OpenDataTab } from '../components/open-data-tab';
import { CityAccessSection } from '../components/city-access-section';
import { WebhooksTab } from '../components/webhooks-tab';
import styles from '../components/administration.module.css';

const TABS = [
  'accounts',
  'bikes',
  'settings',
  'openData',
  'activity',
  'quarantine',
  'jobs',
  'webhooks',
] as const;
type Tab = (typeof TABS)[number];

export function AdministrationPage() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.administration'));
  const [params] = useSearchParams();
  // the tab shows how many messages wait (kept fresh by the stream's `quarantine` event)
  const waiting = useQuarantine(0, 1).data?.totalElements ?? 0;
  // and how many background jobs failed after every retry (read again after a retry)
  const failedJobs = useJobs(0, 1).data?.failed.totalElements ?? 0;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'accounts';
  return (
    <div className={styles.page}>
      <Tabs
        tabs={TABS.map((id) => ({
          id,
          title: t(`administration.tabs.${id}`),
          url: id === 'accounts' ? '/administration' : `/administration?tab=${id}`,
          active: tab === id,
          ...(id === 'quarantine' && waiting > 0 ? { badge: true, badgeValue: waiting } : {}),
          ...(id === 'jobs' && failedJobs > 0 ? { badge: true, badgeValue: failedJobs } : {}),
        }))}
        label={t('administration.tabs.label')}
        panelId="administration-panel"
      />
      <div id="administration-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'accounts' && <AccountsTab />}
        {tab === 'bikes' && <BikesTab />}
        {tab === 'settings' && <SettingsTab />}
        {tab === 'openData' && (
          <>
            <OpenDataTab />
            <CityAccessSection />
          </>
        )}
        {tab === 'activity' && <ActivityTab />}
        {tab === 'quarantine' && <QuarantineTab />}
        {tab === 'jobs' && <JobsTab />}
        {tab === 'webhooks' && <WebhooksTab />}
      </div>
    </div>
  );
}
