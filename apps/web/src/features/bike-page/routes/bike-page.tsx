// SPEC §2 bike page at fleet/product/{vehicleNumber}: the header with the
// bike's state and availability, then Overview (every SPEC §3 field, its position, commands and
// theft), Alerts (active and cleared, docs/web.md), Trips (a period's rides, replayed on the map), Commands (their history), History
// (events), Self-diagnosis. Live through the app's
// stream controller (queries under bikes.bike(vn)); an unknown bike, or one of another
// fleet, is a clear not-found state.
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bike as BikeIcon } from 'lucide-react';
import { useActiveAlerts } from '../../../alerts/api/get-alerts';
import { isApiError } from '../../../api/api-error';
import { useBikeDetails } from '../../../bike/get-bike-details';
import { usePageTitle } from '../../../services/use-page-title';
import { useSession } from '../../../services/services';
import { buttonClassName } from '../../../ui/button/button';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Page } from '../../../ui/page/page';
import { Tabs, type TabItem } from '../../../ui/tabs/tabs';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { Link } from 'react-router';
import { BikeAlerts } from '../components/bike-alerts';
import { BikeTasks } from '../components/bike-tasks';
import { BatterySection } from '../../../battery/battery-section';
import { BikeHeader } from '../components/bike-header';
import { CommandHistoryTable } from '../components/command-history';
import { EventHistory } from '../components/event-history';
import { Overview } from '../components/overview';
import { SelfDiagnosis } from '../components/self-diagnosis';
import { ShareTab } from '../components/share-tab';
import { Trips } from '../components/trips';
import { BikeFirmwareHistory } from '../../../bike/firmware-history';
import styles from '../components/bike-page.module.css';
import { BIKE_TABS, bikePath, isBikeTab, type BikeTab } from '../../../bike/bike-path';

export function BikePage() {
  const { t } = useTranslation();
  const { vehicleNumber = '' } = useParams();
  const [params] = useSearchParams();
  const { technician, userType } = useSession();
  // sharing a bike's position is a manager's (ADR 0090): no Share tab for a technician
  const shown: readonly BikeTab[] = (
    technician ? BIKE_TABS.filter((id) => id !== 'share') : BIKE_TABS
  ).filter((id) => id !== 'firmware' || userType === 'ADMIN'); // docs/firmware.md
  const asked = params.get('tab');
  const tab: BikeTab = isBikeTab(asked) && shown.includes(asked) ? asked : 'overview';
  usePageTitle(t('bikePage.title', { vehicleNumber }));
  const details = useBikeDetails(vehicleNumber);
  const alerts = useActiveAlerts(vehicleNumber);
  const activeAlerts = alerts.data?.totalElements ?? 0;

  if (details.isPending) {
    return (
      <Page wide>
        <TableStatus kind="loading" text={t('bikePage.loading')} />
      </Page>
    );
  }
  if (!details.data) {
    // 404 for an unknown number and for a bike of another fleet alike (DESIGN §5 scoping)
    if (isApiError(details.error, 404) || isApiError(details.error, 400)) {
      return (
        <Page>
          <EmptyState
            icon={<BikeIcon size={44} strokeWidth={1.6} />}
            title={t('bikePage.notFound.title', { vehicleNumber })}
            action={
              <Link to="/fleet" className={buttonClassName()}>
                {t('bikePage.notFound.back')}
              </Link>
            }
          >
            <p>{t('bikePage.notFound.text')}</p>
          </EmptyState>
        </Page>
      );
    }
    return (
      <Page wide>
        <TableStatus
          kind="error"
          text={t('bikePage.error')}
          retry={t('bikePage.retry')}
          onRetry={() => void details.refetch()}
        />
      </Page>
    );
  }

  const bike = details.data;
  const tabs: TabItem[] = shown.map((id) => ({
    id,
    title:
      id === 'tasks'
        ? t('tasks.tab')
        : id === 'firmware'
          ? t('firmware.bike.tab')
          : t(`bikePage.tabs.${id}`),
    url: bikePath(vehicleNumber, { tab: id }),
    active: tab === id,
    // the tab counts the bike's active alerts
    ...(id === 'alerts' && activeAlerts > 0 ? { badge: true, badgeValue: activeAlerts } : {}),
  }));

  return (
    <div className={styles.page}>
      <BikeHeader bike={bike} />
      <Tabs tabs={tabs} label={t('bikePage.tabs.label')} panelId="bike-panel" />
      <div id="bike-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'overview' && <Overview bike={bike} />}
        {tab === 'alerts' && <BikeAlerts vehicleNumber={bike.vehicleNumber} />}
        {tab === 'tasks' && <BikeTasks vehicleNumber={bike.vehicleNumber} />}
        {tab === 'battery' && <BatterySection vehicleNumber={bike.vehicleNumber} />}
        {tab === 'trips' && <Trips vehicleNumber={bike.vehicleNumber} />}
        {tab === 'commands' && <CommandHistoryTable vehicleNumber={bike.vehicleNumber} />}
        {tab === 'history' && <EventHistory vehicleNumber={bike.vehicleNumber} />}
        {tab === 'diagnosis' && <SelfDiagnosis vehicleNumber={bike.vehicleNumber} />}
        {tab === 'share' && <ShareTab vehicleNumber={bike.vehicleNumber} />}
        {tab === 'firmware' && <BikeFirmwareHistory vehicleNumber={bike.vehicleNumber} />}
      </div>
    </div>
  );
}
