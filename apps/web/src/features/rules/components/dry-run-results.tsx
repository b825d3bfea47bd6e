// What a rule would have fired (docs/rules.md "Dry run"): how many bikes of its scope, the firings
// day by day (a timeline), where (a map, lazy: maplibre stays out of this chunk), and each firing —
// the bike, when, where — oldest first.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleDryRunResult } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { Spinner } from '../../../ui/spinner/spinner';
import styles from './rules.module.css';

const DryRunMap = lazy(() => import('../../../map/dry-run-map'));

const DAY = 86_400_000;

/** The firings per day of the run, oldest day first (UTC days: the run's own bounds). */
export function firingsPerDay(result: RuleDryRunResult): Array<{ day: string; count: number }> {
  const from = Date.parse(result.from.slice(0, 10));
  const to = Date.parse(result.to);
  const days: Array<{ day: string; count: number }> = [];
  for (let t = from; t <= to; t += DAY)
    days.push({ day: new Date(t).toISOString().slice(0, 10), count: 0 });
  for (const f of result.firings) {
    const index = Math.floor((Date.parse(f.at) - from) / DAY);
    if (days[index]) days[index].count += 1;
  }
  return days;
}

function Timeline({ result }: { result: RuleDryRunResult }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const days = firingsPerDay(result);
  const most = Math.max(1, ...days.map((d) => d.count));
  return (
    <figure className={styles.timeline}>
      <figcaption className={styles.note}>{t('rules.dryRun.timeline')}</figcaption>
      <ol className={styles.bars} data-testid="dry-run-timeline">
        {days.map(({ day, count }) => (
          <li
            key={day}
            className={styles.bar}
            aria-label={t('rules.dryRun.day', { day: date(day), count })}
            title={t('rules.dryRun.day', { day: date(day), count })}
          >
            <span style={{ blockSize: `${(count / most) * 100}%` }} data-count={count} />
          </li>
        ))}
      </ol>
      <div className={styles.axis} aria-hidden="true">
        <span>{date(days[0]?.day)}</span>
        <span>{date(days.at(-1)?.day)}</span>
      </div>
    </figure>
  );
}

export function DryRunResults({ result }: { result: RuleDryRunResult }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const placed = result.firings.some((f) => f.latitude !== null && f.longitude !== null);
  return (
    <section className={styles.dryRun} aria-label={t('rules.dryRun.title')}>
      <p>
        {t(
          result.sampledBikes === null ? 'rules.dryRun.summary' : 'rules.dryRun.summaryEstimated',
          {
            fired: result.bikesFired,
            scope: result.bikesInScope,
          },
        )}
      </p>
      {result.sampledBikes !== null && (
        <p className={styles.note}>{t('rules.dryRun.sampled', { sampled: result.sampledBikes })}</p>
      )}
      {result.needsConfirmation && <p className={styles.warning}>{t('rules.dryRun.most')}</p>}
      {result.firings.length === 0 ? (
        <p className={styles.note}>{t('rules.dryRun.none')}</p>
      ) : (
        <>
          <Timeline result={result} />
          {placed && (
            <div className={styles.dryRunMap}>
              <Suspense fallback={<Spinner />}>
                <DryRunMap firings={result.firings} label={t('rules.dryRun.map')} />
              </Suspense>
            </div>
          )}
          {/* it scrolls: reachable by keyboard */}
          <ol className={styles.firings} tabIndex={0} aria-label={t('rules.dryRun.list')}>
            {result.firings.slice(0, 100).map((f) => (
              <li key={`${f.vehicleNumber}${f.at}`}>
                <strong>{f.vehicleNumber}</strong> <time dateTime={f.at}>{dateTime(f.at)}</time>
                {f.latitude !== null && f.longitude !== null && (
                  <span className={styles.note}>
                    {' '}
                    {f.latitude.toFixed(4)}, {f.longitude.toFixed(4)}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {(result.truncated || result.firings.length > 100) && (
        <p className={styles.note}>{t('rules.dryRun.truncated')}</p>
      )}
    </section>
  );
}
