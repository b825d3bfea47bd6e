// The Firmware page (docs/firmware.md, administrators): the fleet's packages, its campaigns with
// their progress and per-module states, and the spread of firmware versions over its modules.
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../services/use-page-title';
import { Page } from '../../../ui/page/page';
import { CampaignsPanel } from '../components/campaigns-panel';
import { PackagesPanel } from '../components/packages-panel';
import { VersionsPanel } from '../components/versions-panel';
import styles from '../components/firmware.module.css';

export function FirmwarePage() {
  const { t } = useTranslation();
  usePageTitle(t('firmware.title'));
  return (
    <Page wide>
      <div className={styles.page}>
        <CampaignsPanel />
        <PackagesPanel />
        <VersionsPanel />
      </div>
    </Page>
  );
}
