// Every query key of the app in one place (STYLE "one file per client API operation" keeps the
// fetchers beside their features; the keys live here so that the stream controller, the
// features and the tests name the same cache entries). Keys are hierarchical: invalidating
// a prefix (e.g. queryKeys.fleet.all) reaches every entry under it. The keys of the sign-in
// screens and the session are in account-query-keys.ts: the sign-in route loads only those (its
// JavaScript budget, docs/performance.md "Web bundle").
import type { AlertKind, FleetFilter } from '@vfm/contract';
import { accountQueryKeys } from './account-query-keys';

export interface AccountListParams {
  page: number;
  size: number;
  sort: string;
  q?: string;
}

export interface FleetListParams extends FleetFilter {
  page: number;
  size: number;
  sort: string;
}

export interface AlertListParams {
  kind: AlertKind | null;
  page: number;
  size: number;
}

export const queryKeys = {
  ...accountQueryKeys,
  /** the fleet's accounts (administration): every page under this prefix */
  accounts: ['accounts', 'list'] as const,
  accountPage: (params: AccountListParams) => ['accounts', 'list', params] as const,
  /** the fleet's activity log (administration) */
  activity: ['fleet-events'] as const,
  /** module messages the ingest could not store (administration) */
  quarantine: ['fleet-quarantine'] as const,
  /** the jobs home's queues and dead letters (administration) */
  jobs: ['fleet-jobs'] as const,
  /** the fleet's open-data (GBFS) publishing settings (administration, docs/open-data.md) */
  openData: ['fleet-open-data'] as const,
  cityClients: ['fleet-city-clients'] as const,
  /** the fleet's webhooks and each one's delivery log (administration, docs/webhooks.md) */
  webhooks: {
    all: ['webhooks'] as const,
    list: ['webhooks', 'list'] as const,
    deliveries: (id: string, page: number) => ['webhooks', 'deliveries', id, page] as const,
  },
  mdsAccessLog: ['fleet-city-clients', 'access-log'] as const,
  /** the fleet's zones (docs/zones.md): one list; a bike's zones under the same prefix */
  zones: {
    all: ['zones'] as const,
    list: ['zones', 'list'] as const,
    occupancy: ['zones', 'occupancy'] as const,
    bike: (vehicleNumber: string) => ['zones', 'bike', vehicleNumber] as const,
  },
  /** every task list, detail, statistics and the battery swap queue (docs/tasks.md): one prefix */
  tasks: { all: ['tasks'] as const },
  /** alerts (docs/web.md): per bike, so that the stream's `alerts` event reaches only those */
  alerts: {
    all: ['alerts'] as const,
    bike: (vehicleNumber: string) => ['alerts', 'bike', vehicleNumber] as const,
    /** a bike's open and acknowledged alerts (warnings rows, bike page) */
    active: (vehicleNumber: string) => ['alerts', 'bike', vehicleNumber, 'active'] as const,
    /** a bike's cleared alerts, read a page at a time (bike page) */
    history: (vehicleNumber: string) => ['alerts', 'bike', vehicleNumber, 'history'] as const,
    /** lists across bikes: the active alerts assigned to the caller */
    lists: ['alerts', 'list'] as const,
    mine: (params: AlertListParams) => ['alerts', 'list', 'mine', params] as const,
    /** the users an alert may be assigned to */
    assignees: ['alerts', 'assignees'] as const,
  },
  /** the caller's notifications and alert rules (docs/notifications.md) */
  notifications: {
    all: ['notifications'] as const,
    /** the bell's count, written by the stream's `notifications` event */
    unread: ['notifications', 'unread'] as const,
    list: ['notifications', 'list'] as const,
    rules: ['notifications', 'rules'] as const,
    /** the caller's browsers subscribed to web push */
    pushSubscriptions: ['notifications', 'push-subscriptions'] as const,
  },
  fleet: {
    all: ['fleet'] as const,
    information: ['fleet', 'information'] as const,
    groups: ['fleet', 'group'] as const,
    lists: ['fleet', 'list'] as const,
    list: (params: FleetListParams) => ['fleet', 'list', params] as const,
    statistics: ['fleet', 'statistics'] as const,
  },
  bikes: {
    all: ['bikes'] as const,
    bike: (vehicleNumber: string) => ['bikes', 'bike', vehicleNumber] as const,
    details: (vehicleNumber: string) => ['bikes', 'bike', vehicleNumber, 'details'] as const,
    commands: (vehicleNumber: string) => ['bikes', 'bike', vehicleNumber, 'commands'] as const,
    events: (vehicleNumber: string) => ['bikes', 'bike', vehicleNumber, 'events'] as const,
    autotest: (vehicleNumber: string) => ['bikes', 'bike', vehicleNumber, 'autotest'] as const,
    shares: (vehicleNumber: string) => ['bikes', 'bike', vehicleNumber, 'shares'] as const,
    /** outside bikes.bike(vn): a period's trips do not change with each live position */
    trips: (vehicleNumber: string, from: string, to: string) =>
      ['bikes', 'trips', vehicleNumber, from, to] as const,
    warnings: ['bikes', 'warnings'] as const,
    /** the counters of every warning type (navigation badge, warnings tabs) */
    warningCounts: ['bikes', 'warnings', 'counts'] as const,
  },
} as const;
