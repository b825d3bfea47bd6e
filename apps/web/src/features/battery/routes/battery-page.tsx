// The fleet's Battery page (docs/battery.md): its packs' state of health — totals, the
// distribution, the worst packs (each linking to its bike), Wh/km per model — and the CSV of
// every pack; for administrators, a link to the thresholds (Administration → Settings).
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BatteryWarning, Download, SlidersHorizontal } from 'lucide-react';
import type { FleetBattery } from '@vfm/contract';
import { bikePath } from '../../../bike/bike-path';
import { useFormatters } from '../../../format/use-formatters';
import { usePageTitle } from '../../../services/use-page-title';
import { useServices, useSession } from '../../../services/services';
import { Button, buttonClassName } from '../../../ui/button/button';
import { QueryState } from '../../../ui/query-state/query-state';
import { downloadBatteryCsv, useFleetBattery } from '../../../battery/battery-queries';
import { KeyFigures } from '../../../ui/page/key-figures';
import { ShareBar } from '../../../ui/share-bar/share-bar';
import styles from '../../../battery/battery.module.css';

export function BatteryPage() {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const isAdmin = useSession().userType === 'ADMIN';
  usePageTitle(t('battery.nav'));
  const fleet = useFleetBattery();
  const exportCsv = async () => {
    try {
      await downloadBatteryCsv(http);
    } catch {
      toasts.show({ type: 'error', message: t('battery.fleet.exportFailed') });
    }
  };
  return (
    <div className={styles.page}>
      {/* the page's title is the header's (app-header.tsx), as on the other pages */}
      <div className={styles.head}>
        <div className={styles.actions}>
          {isAdmin && (
            <Link
              to="/administration?tab=settings"
              className={buttonClassName({ variant: 'ghost' })}
            >
              <SlidersHorizontal size={16} aria-hidden="true" /> {t('battery.fleet.settingsLink')}
            </Link>
          )}
          <Button variant="secondary" onClick={() => void exportCsv()}>
            <Download size={16} aria-hidden="true" /> {t('battery.fleet.export')}
          </Button>
        </div>
      </div>
      <QueryState
        query={fleet}
        texts={{
          loading: t('battery.loading'),
          error: t('battery.error'),
          retry: t('battery.retry'),
        }}
        empty={{
          icon: <BatteryWarning size={40} />,
          title: t('battery.fleet.none'),
          hint: t('battery.fleet.noneText'),
        }}
        isEmpty={(data) => data.packs === 0}
      >
        {(data) => <FleetFigures data={data} />}
      </QueryState>
    </div>
  );
}

function FleetFigures({ data }: { data: FleetBattery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { language } = useServices();
  // the table's figures with their one decimal each (72.0 under 71.9, not 72)
  const fixed = useMemo(
    () => new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [language],
  );
  const one = (value: number | null) => (value === null ? '—' : fixed.format(value));
  const largest = Math.max(1, ...data.distribution.map((d) => d.packs));
  const threshold = data.settings.sohThreshold;
  return (
    <>
      <KeyFigures
        label={t('battery.fleet.totals')}
        figures={[
          [t('battery.fleet.packs'), format.number(data.packs)],
          [t('battery.fleet.estimated'), format.number(data.estimated)],
          [
            t('battery.fleet.median'),
            data.medianStateOfHealth === null
              ? '—'
              : `${format.number(data.medianStateOfHealth, 1)} %`,
          ],
          [t('battery.fleet.alerted'), format.number(data.alerted)],
          [
            t('battery.fleet.peak'),
            data.peakHour === null ? '—' : t('battery.fleet.peakValue', { hour: data.peakHour }),
          ],
        ]}
      />
      <div className={styles.grid}>
        <figure className={styles.card}>
          <figcaption>
            <h2 className={styles.cardTitle}>{t('battery.fleet.distribution')}</h2>
            <p className={styles.muted}>
              {t('battery.fleet.distributionText', { threshold: format.number(threshold) })}
            </p>
          </figcaption>
          <ul className={styles.bars}>
            {data.distribution.map((bin) => (
              <li key={bin.from} className={styles.bar}>
                <span>
                  {bin.from}–{bin.from + 5} %
                </span>
                <ShareBar
                  fraction={bin.packs / largest}
                  tone={bin.from < threshold ? 'danger' : 'good'}
                />
                <span className={styles.barValue}>{format.number(bin.packs)}</span>
              </li>
            ))}
          </ul>
        </figure>
        <section className={styles.card} aria-labelledby="battery-models">
          <h2 id="battery-models" className={styles.cardTitle}>
            {t('battery.fleet.models')}
          </h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('battery.fleet.model')}</th>
                <th scope="col" className={styles.num}>
                  Wh/km
                </th>
                <th scope="col" className={styles.num}>
                  {t('battery.fleet.packs')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.models.map((m) => (
                <tr key={m.model}>
                  <td>{m.model || '—'}</td>
                  <td className={styles.num}>{format.number(m.whPerKm, 1)}</td>
                  <td className={styles.num}>{format.number(m.packs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="battery-worst">
          <h2 id="battery-worst" className={styles.cardTitle}>
            {t('battery.fleet.worst')}
          </h2>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('battery.pack')}</th>
                  <th scope="col">{t('battery.bike.label')}</th>
                  <th scope="col" className={styles.num}>
                    {t('battery.soh')}
                  </th>
                  <th scope="col" className={`${styles.num} ${styles.optional}`}>
                    {t('battery.trend')}
                  </th>
                  <th scope="col" className={`${styles.num} ${styles.optional}`}>
                    {t('battery.cycles')}
                  </th>
                  <th scope="col" className={styles.optional}>
                    {t('battery.alert')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.worst.map((pack) => (
                  <tr key={pack.packId}>
                    <td>{pack.packId}</td>
                    <td>
                      {pack.vehicleNumber ? (
                        <Link to={bikePath(pack.vehicleNumber, { tab: 'battery' })}>
                          {pack.vehicleNumber}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={`${styles.num} ${pack.alert ? styles.bad : ''}`}>
                      {pack.stateOfHealth === null ? '—' : `${one(pack.stateOfHealth)} %`}
                    </td>
                    <td className={`${styles.num} ${styles.optional}`}>
                      {one(pack.trendPer30Days)}
                    </td>
                    <td className={`${styles.num} ${styles.optional}`}>
                      {one(pack.equivalentCycles)}
                    </td>
                    <td className={styles.optional}>
                      {pack.alert ? t(`battery.alerts.${pack.alert}`) : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}
