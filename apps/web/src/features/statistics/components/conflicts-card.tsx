// Bikes offered to riders that should not be (statistics-queries.ts CONFLICTS): each count a
// way to the fleet list of those bikes; "none" when all are zero.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONFLICTS, conflictSearch } from '../api/statistics-queries';
import type { StatisticsView } from '../state/use-statistics-view';
import styles from './statistics.module.css';

type Props = Pick<StatisticsView, 'conflicts' | 'fleetHref' | 'count'>;

export function ConflictsCard({ conflicts, fleetHref, count }: Props) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="conflicts-title">
      <h2 id="conflicts-title" className={styles.cardTitle}>
        {t('statistics.conflicts.title')}
      </h2>
      <p className={styles.cardText}>{t('statistics.conflicts.text')}</p>
      {conflicts.every((query) => query.data === 0) ? (
        <p className={styles.fine}>{t('statistics.conflicts.none')}</p>
      ) : (
        <ul className={styles.conflicts}>
          {CONFLICTS.map((conflict, index) => {
            const value = conflicts[index]?.data;
            if (!value) return null;
            return (
              <li key={conflict.id}>
                <Link to={fleetHref(conflictSearch(conflict))}>
                  <strong>{count(value)}</strong> {t(`statistics.conflicts.${conflict.id}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
