// What a rule would have fired (docs/rules.md "Dry run"): how many bikes of its scope, and each
// firing — the bike, when, where — oldest first.
import { useTranslation } from 'react-i18next';
import type { RuleDryRunResult } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import styles from './rules.module.css';

export function DryRunResults({ result }: { result: RuleDryRunResult }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <section className={styles.dryRun} aria-label={t('rules.dryRun.title')}>
      <p>{t('rules.dryRun.summary', { fired: result.bikesFired, scope: result.bikesInScope })}</p>
      {result.needsConfirmation && <p className={styles.warning}>{t('rules.dryRun.most')}</p>}
      {result.firings.length === 0 ? (
        <p className={styles.note}>{t('rules.dryRun.none')}</p>
      ) : (
        <ol className={styles.firings}>
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
      )}
      {(result.truncated || result.firings.length > 100) && (
        <p className={styles.note}>{t('rules.dryRun.truncated')}</p>
      )}
    </section>
  );
}
