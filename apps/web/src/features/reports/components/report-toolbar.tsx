// The Reports screen's filters (ADR 0127): the period (day, week, month, custom) and its day or
// days, and what the report is of — the fleet, a group, a zone or a bike — kept in the address.
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS } from '@vfm/contract';
import { GroupOptions } from '../../../live/group-options';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useZones } from '../../../zones/api/get-zones';
import { ZoneOptions } from '../../../zones/zone-options';
import type { ReportView, ScopeKind } from '../state/use-report-view';
import styles from './reports.module.css';

export function ReportToolbar({ view }: { view: ReportView }) {
  const { t } = useTranslation();
  const groups = useFleetGroups();
  const zones = useZones(view.scope === 'zone');
  const { period, from, to, scope, target, change } = view;
  return (
    <div className={styles.toolbar} role="search" aria-label={t('reports.filters')}>
      <label className={styles.field}>
        <span>{t('reports.period')}</span>
        <select value={period} onChange={(e) => change({ period: e.target.value })}>
          {REPORT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`reports.periods.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{period === 'custom' ? t('reports.from') : t('reports.day')}</span>
        <input type="date" value={from} onChange={(e) => change({ from: e.target.value })} />
      </label>
      {period === 'custom' && (
        <label className={styles.field}>
          <span>{t('reports.to')}</span>
          <input type="date" value={to} onChange={(e) => change({ to: e.target.value })} />
        </label>
      )}
      <label className={styles.field}>
        <span>{t('reports.scope')}</span>
        <select value={scope} onChange={(e) => change({ scope: e.target.value })}>
          {(['fleet', 'group', 'zone', 'bike'] as ScopeKind[]).map((s) => (
            <option key={s} value={s}>
              {t(`reports.scopes.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {scope === 'group' && (
        <label className={styles.field}>
          <span>{t('reports.scopes.group')}</span>
          <select value={target} onChange={(e) => change({ target: e.target.value })}>
            <option value="">{t('reports.choose')}</option>
            <GroupOptions groups={groups.data} />
          </select>
        </label>
      )}
      {scope === 'zone' && (
        <label className={styles.field}>
          <span>{t('reports.scopes.zone')}</span>
          <select value={target} onChange={(e) => change({ target: e.target.value })}>
            <option value="">{t('reports.choose')}</option>
            <ZoneOptions zones={zones.data?.content} />
          </select>
        </label>
      )}
      {scope === 'bike' && (
        <label className={styles.field}>
          <span>{t('reports.vehicleNumber')}</span>
          <input
            defaultValue={target}
            onBlur={(e) => change({ target: e.target.value.trim() })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') change({ target: e.currentTarget.value.trim() });
            }}
          />
        </label>
      )}
    </div>
  );
}
