// The statistics screen's toolbar: the group (with its descendants) and the period, both kept in
// the address so that a link shows the same figures.
import { useTranslation } from 'react-i18next';
import { GroupOptions } from '../../../live/group-options';
import type { StatisticsView } from '../state/use-statistics-view';
import styles from './statistics.module.css';

type Props = Pick<StatisticsView, 'groupId' | 'groups' | 'periodName' | 'period' | 'change'>;

export function StatisticsToolbar({ groupId, groups, periodName, period, change }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar}>
      <label className={styles.select}>
        <span>{t('statistics.group')}</span>
        <select
          value={groupId ?? ''}
          onChange={(event) => change({ group: event.target.value || null })}
        >
          <option value="">{t('statistics.allGroups')}</option>
          <GroupOptions groups={groups} withCounts />
        </select>
      </label>
      <label className={styles.select}>
        <span>{t('statistics.period')}</span>
        <select value={periodName} onChange={(event) => change({ period: event.target.value })}>
          {(['day', 'week', 'month', 'custom'] as const).map((name) => (
            <option key={name} value={name}>
              {t(`statistics.periods.${name}`)}
            </option>
          ))}
        </select>
      </label>
      {periodName === 'custom' && (
        <>
          <label className={styles.select}>
            <span>{t('statistics.from')}</span>
            <input
              type="date"
              value={period.from.slice(0, 10)}
              onChange={(event) => change({ from: new Date(event.target.value).toISOString() })}
            />
          </label>
          <label className={styles.select}>
            <span>{t('statistics.to')}</span>
            <input
              type="date"
              value={period.to.slice(0, 10)}
              onChange={(event) => change({ to: new Date(event.target.value).toISOString() })}
            />
          </label>
        </>
      )}
    </div>
  );
}
