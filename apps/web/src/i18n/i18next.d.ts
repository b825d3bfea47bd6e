// Typed translation keys: t('auth.login.title') is checked against en.json at compile time,
// and a feature's keys against its own English file (one line per feature below).
import 'i18next';
import type en from './en.json';
import type myAccount from '../features/my-account/i18n/en.json';
import type fleet from '../features/fleet/i18n/en.json';
import type bike from '../bike/i18n/en.json';
import type map from '../map/i18n/en.json';
import type alerts from '../alerts/i18n/en.json';
import type warnings from '../features/warnings/i18n/en.json';
import type statistics from '../features/statistics/i18n/en.json';
import type bikePage from '../features/bike-page/i18n/en.json';
import type administration from '../features/administration/i18n/en.json';
import type zones from '../zones/i18n/en.json';
import type notifications from '../notifications/i18n/en.json';
import type sharedPosition from '../features/shared-position/i18n/en.json';
import type shortcuts from '../shortcuts/i18n/en.json';
import type pwa from '../pwa/i18n/en.json';
import type tasks from '../tasks/i18n/en.json';
import type battery from '../battery/i18n/en.json';
import type firmware from '../features/firmware/i18n/en.json';
import type reports from '../features/reports/i18n/en.json';
import type rebalancing from '../features/rebalancing/i18n/en.json';
import type rules from '../features/rules/i18n/en.json';

interface FeatureMessages {
  myAccount: typeof myAccount;
  fleet: typeof fleet;
  bike: typeof bike;
  map: typeof map;
  alerts: typeof alerts;
  warnings: typeof warnings;
  statistics: typeof statistics;
  bikePage: typeof bikePage;
  administration: typeof administration;
  zones: typeof zones;
  notifications: typeof notifications;
  sharedPosition: typeof sharedPosition;
  shortcuts: typeof shortcuts;
  pwa: typeof pwa;
  tasks: typeof tasks;
  battery: typeof battery;
  firmware: typeof firmware;
  reports: typeof reports;
  rebalancing: typeof rebalancing;
  rules: typeof rules;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // keys stay checked; the {{variables}} of ~1,000 messages are not parsed at the type level
    // (that made some calls too deep for TypeScript, TS2589); feature-messages.test.ts checks
    // that every language keeps each message's placeholders
    parseInterpolation: false;
    resources: { translation: typeof en & FeatureMessages };
  }
}
