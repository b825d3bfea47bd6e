// The fleet's activity log (docs/web.md, beyond SPEC): every audited action of
// DESIGN §7 — commands, availability, thefts, imports and removals, accounts, settings — with
// who, when, what and which bike or account; filtered, paged newest first, exported as CSV.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, History } from 'lucide-react';
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_KINDS,
  type ActivityKind,
  type VfmEvent,
} from '@vfm/contract';
import { availabilityKey, modeKey } from '../../../bike/labels';
import { DateTimeText } from '../../../format/date-time-text';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { DataTable } from '../../../ui/data-table/data-table';
import { AdminTab } from './admin-tab';
import { downloadActivityCsv, useActivity, type ActivityFilter } from '../api/fleet-admin';
import { NewerOlderPager } from './newer-older-pager';
import styles from './administration.module.css';
import { bikePath } from '../../../bike/bike-path';

const PAGE_SIZE = 50;
const ACCOUNT_OR_SETTINGS = new Set<string>([
  ...ACTIVITY_KINDS.accounts,
  ...ACTIVITY_KINDS.settings,
  ...ACTIVITY_KINDS.quarantine,
  ...ACTIVITY_KINDS.zones,
  'PAIRED',
  'UNPAIRED',
]);

/** A day (yyyy-mm-dd, local) as the ISO instant it starts, or the next day's for `to`. */
const dayToIso = (day: string, end: boolean) => {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (end) date.setDate(date.getDate() + 1);
  return date.toISOString();
};

export function ActivityTab() {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const [kind, setKind] = useState<ActivityKind | ''>('');
  const [user, setUser] = useState('');
  const [vehicleNumber, setVehicleNumber] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const filter: ActivityFilter = {
    ...(kind ? { kind: [kind] } : {}),
    ...(user.trim() ? { user: user.trim() } : {}),
    ...(vehicleNumber.trim() ? { vehicleNumber: vehicleNumber.trim() } : {}),
    ...(from ? { from: dayToIso(from, false) } : {}),
    ...(to ? { to: dayToIso(to, true) } : {}),
  };
  const activity = useActivity(filter, page, PAGE_SIZE);
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  const label = (event: VfmEvent) => {
    if (ACCOUNT_OR_SETTINGS.has(event.name)) {
      return t(
        `administration.activity.names.${event.name}` as 'administration.activity.names.PAIRED',
      );
    }
    if (event.name === 'THEFT_DECLARED' || event.name === 'THEFT_CANCELLED') {
      return t(`bikePage.history.names.${event.name}_MANAGER`);
    }
    return t(`bikePage.history.names.${event.name}` as 'bikePage.history.names.UNKNOWN', {
      defaultValue: t('bikePage.history.names.UNKNOWN'),
    });
  };
  const detail = (event: VfmEvent) => {
    const data = event.data ?? {};
    if (typeof data.from === 'string' && typeof data.to === 'string') {
      return `${t(availabilityKey(data.from))} → ${t(availabilityKey(data.to))}`;
    }
    if (data.type === 'MODE' && typeof data.value === 'string') return t(modeKey(data.value));
    // a quarantined message: the module that sent it and why it was kept
    if (event.name.startsWith('QUARANTINE_') && typeof data.moduleId === 'string') {
      return [data.moduleId, data.reason].filter((part) => typeof part === 'string').join(' · ');
    }
    // a city client of the MDS API (docs/open-data.md): its name and client id
    if (event.name.startsWith('MDS_CLIENT_') && typeof data.clientId === 'string') {
      return [data.name, data.clientId].filter((part) => typeof part === 'string').join(' · ');
    }
    if (event.name.startsWith('ZONE_') && typeof data.name === 'string') return data.name;
    const settingsChange =
      event.name === 'FLEET_SETTINGS_CHANGED' || event.name === 'OPEN_DATA_SETTINGS_CHANGED';
    if (settingsChange && data.to && typeof data.to === 'object') {
      return Object.entries(data.to as Record<string, unknown>)
        .map(
          ([key, value]) =>
            `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
        )
        .join(', ');
    }
    return '';
  };
  const subject = (event: VfmEvent) => {
    if (event.vehicleNumber) {
      return <Link to={bikePath(event.vehicleNumber)}>{event.vehicleNumber}</Link>;
    }
    const email = event.data?.email;
    return typeof email === 'string' ? email : '—';
  };

  const exportCsv = async () => {
    try {
      await downloadActivityCsv(
        http,
        filter,
        `activity-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch {
      toasts.show({ type: 'error', message: t('administration.activity.exportFailed') });
    }
  };

  return (
    <AdminTab
      label={t('administration.activity.label')}
      toolbar={
        <div className={styles.filters}>
          <label className={styles.select}>
            <span>{t('administration.activity.kind')}</span>
            <select
              value={kind}
              onChange={(event) => change(setKind)(event.target.value as ActivityKind | '')}
            >
              <option value="">{t('administration.activity.allKinds')}</option>
              {ACTIVITY_KIND_NAMES.map((name) => (
                <option key={name} value={name}>
                  {t(`administration.activity.kinds.${name}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.select}>
            <span>{t('administration.activity.user')}</span>
            <input
              type="search"
              value={user}
              onChange={(event) => change(setUser)(event.target.value)}
            />
          </label>
          <label className={styles.select}>
            <span>{t('administration.activity.vehicleNumber')}</span>
            <input
              type="search"
              value={vehicleNumber}
              onChange={(event) => change(setVehicleNumber)(event.target.value)}
            />
          </label>
          <label className={styles.select}>
            <span>{t('administration.activity.from')}</span>
            <input
              type="date"
              value={from}
              onChange={(event) => change(setFrom)(event.target.value)}
            />
          </label>
          <label className={styles.select}>
            <span>{t('administration.activity.to')}</span>
            <input type="date" value={to} onChange={(event) => change(setTo)(event.target.value)} />
          </label>
          <Button variant="secondary" className={styles.push} onClick={() => void exportCsv()}>
            <Download size={16} aria-hidden="true" />
            {t('administration.activity.export')}
          </Button>
        </div>
      }
      query={activity}
      texts={{
        loading: t('administration.activity.loading'),
        error: t('administration.activity.error'),
        retry: t('administration.activity.retry'),
      }}
      empty={{ icon: <History size={40} />, title: t('administration.activity.empty') }}
      isEmpty={(data) => !data.content.length}
    >
      {(data) => (
        <>
          <DataTable
            caption={t('administration.activity.label')}
            testId="activity"
            rows={data.content}
            rowKey={(event) => event.id}
            columns={[
              {
                id: 'when',
                label: t('administration.activity.when'),
                cell: (event) => <DateTimeText iso={event.occurredAt} />,
              },
              {
                id: 'who',
                label: t('administration.activity.who'),
                cell: (event) => event.userEmail ?? '—',
              },
              { id: 'what', label: t('administration.activity.what'), cell: label },
              { id: 'subject', label: t('administration.activity.subject'), cell: subject },
              {
                id: 'detail',
                label: t('administration.activity.detail'),
                cell: (event) => detail(event) || '—',
              },
            ]}
          />
          <NewerOlderPager
            label={t('administration.activity.label')}
            page={page}
            size={PAGE_SIZE}
            shown={data.content.length}
            total={data.totalElements}
            onPage={setPage}
            newer={t('administration.activity.previous')}
            older={t('administration.activity.next')}
            summary={(range) => t('administration.activity.page', range)}
          />
        </>
      )}
    </AdminTab>
  );
}
