// The fleet's firmware versions (docs/firmware.md): its modules per model and running version,
// as bars, so an administrator sees what a campaign still has to reach.
import { useTranslation } from 'react-i18next';
import { Cpu } from 'lucide-react';
import { Panel } from '../../../ui/page/page';
import { QueryState } from '../../../ui/query-state/query-state';
import { useVersions } from '../api/firmware';
import cards from '../../../bike/firmware-history.module.css';
import styles from './firmware.module.css';

export function VersionsPanel() {
  const { t } = useTranslation();
  const versions = useVersions();
  return (
    <Panel
      id="firmware-versions"
      title={t('firmware.versions.title')}
      intro={t('firmware.versions.intro')}
    >
      <QueryState
        query={versions}
        texts={{
          loading: t('firmware.versions.loading'),
          error: t('firmware.versions.error'),
          retry: t('firmware.retry'),
        }}
        empty={{ icon: <Cpu aria-hidden />, title: t('firmware.versions.empty') }}
        isEmpty={(data) => !data.versions.length}
      >
        {(data) => {
          const max = Math.max(...data.versions.map((v) => v.bikes));
          return (
            <ul className={cards.list} aria-label={t('firmware.versions.title')}>
              {data.versions.map((v) => (
                <li key={`${v.moduleModel}-${v.version}`} className={styles.versionRow}>
                  <span>{v.moduleModel ?? t('firmware.versions.unknown')}</span>
                  <strong>{v.version ?? t('firmware.versions.unknown')}</strong>
                  <span className={styles.versionTrack}>
                    <span
                      className={styles.versionBar}
                      style={{ display: 'block', width: `${(v.bikes * 100) / max}%` }}
                    />
                  </span>
                  <span>{t('firmware.versions.bikes', { bikes: v.bikes })}</span>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </Panel>
  );
}
