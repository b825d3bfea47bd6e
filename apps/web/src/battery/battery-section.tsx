// The bike page's Battery tab (docs/battery.md): the level and when it reaches 20 %, why it is
// in the swap queue, its pack's state of health with its trend chart, cycles, Wh/km and
// temperature exposure.
import { useTranslation } from 'react-i18next';
import { BatteryWarning } from 'lucide-react';
import type { BikeBattery } from '@vfm/contract';
import { useFormatters } from '../format/use-formatters';
import { QueryState } from '../ui/query-state/query-state';
import { useBikeBattery } from './battery-queries';
import { SohChart } from './soh-chart';
import styles from './battery.module.css';

export function BatterySection({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const battery = useBikeBattery(vehicleNumber);
  return (
    <QueryState
      query={battery}
      texts={{
        loading: t('battery.bike.loading'),
        error: t('battery.bike.error'),
        retry: t('battery.retry'),
      }}
      empty={{
        icon: <BatteryWarning size={40} />,
        title: t('battery.bike.none'),
        hint: t('battery.bike.noneText'),
      }}
      isEmpty={(data) => !data.pack && data.hoursTo20 === null}
    >
      {(data) => <BatteryFigures data={data} />}
    </QueryState>
  );
}

function BatteryFigures({ data }: { data: BikeBattery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const pack = data.pack;
  const prediction =
    data.hoursTo20 === null
      ? t('battery.bike.notWithin')
      : data.hoursTo20 === 0
        ? t('battery.bike.belowNow')
        : t('battery.bike.reachesIn', { hours: format.number(data.hoursTo20, 1) });
  const figures: Array<[string, string]> = [
    [t('battery.level'), format.percent(data.level)],
    [t('battery.bike.prediction'), prediction],
    [
      t('battery.soh'),
      pack?.stateOfHealth == null ? '—' : `${format.number(pack.stateOfHealth, 1)} %`,
    ],
    [
      t('battery.trend'),
      pack?.trendPer30Days == null
        ? '—'
        : t('battery.trendValue', { points: format.number(pack.trendPer30Days, 1) }),
    ],
    [
      t('battery.cycles'),
      pack
        ? `${format.number(pack.equivalentCycles, 1)}${pack.cyclesReported === null ? '' : ` (${t('battery.reported', { cycles: format.number(pack.cyclesReported) })})`}`
        : '—',
    ],
    [t('battery.whPerKm'), pack?.whPerKm == null ? '—' : `${format.number(pack.whPerKm, 1)} Wh/km`],
    [
      t('battery.temperature'),
      pack?.temperature.maxC == null
        ? '—'
        : t('battery.temperatureValue', {
            max: format.number(pack.temperature.maxC, 0),
            hot: format.number(pack.temperature.hotHours, 0),
          }),
    ],
  ];
  return (
    <div className={styles.section}>
      <section className={styles.card} aria-labelledby="battery-now">
        <h2 id="battery-now" className={styles.cardTitle}>
          {pack ? t('battery.bike.title', { pack: pack.packId }) : t('battery.bike.titleNoPack')}
        </h2>
        {data.swapReasons.length > 0 && (
          <ul className={styles.reasons} aria-label={t('battery.reasons.label')}>
            {data.swapReasons.map((reason) => (
              <li key={reason} className={styles.reason} data-reason={reason}>
                {t(`battery.reasons.${reason}`)}
              </li>
            ))}
          </ul>
        )}
        {pack?.alert && (
          <p className={styles.alert} role="status">
            {t(`battery.alerts.${pack.alert}`)}
          </p>
        )}
        <dl className={styles.figures}>
          {figures.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="battery-trend">
        <h2 id="battery-trend" className={styles.cardTitle}>
          {t('battery.chart.title')}
        </h2>
        {data.history.length ? (
          <SohChart history={data.history} threshold={data.sohThreshold} />
        ) : (
          <p className={styles.muted}>{t('battery.chart.none')}</p>
        )}
      </section>
    </div>
  );
}
