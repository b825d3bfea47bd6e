// The API modules, each registered under the API prefix (/api/wf/rest/v1) by its index.ts.
// One line each; docs/architecture.md "Server modules" tells the shape of a module.
import type { FastifyPluginAsync } from 'fastify';
import accountsModule from './accounts';
import authModule from './auth';
import settingsModule from './settings';
import commandsModule from './commands';
import provisioningModule from './provisioning';
import fleetModule from './fleet';
import bikeRecordsModule from './bike-records';
import administrationModule from './administration';
import quarantineModule from './quarantine';
import alertsModule from './alerts';
import jobsModule from './jobs';
import openDataModule from './open-data';
import cityAccessModule from './city-access';
import zonesModule from './zones';
import webhooksModule from './webhooks';
import notificationsModule from './notifications';
import sharesModule from './shares';
import trackExportModule from './track-export';
import tasksModule from './tasks';
import maintenanceModule from './maintenance';
import taskStatisticsModule from './task-statistics';

export const apiModules: FastifyPluginAsync[] = [
  authModule,
  settingsModule,
  accountsModule,
  bikeRecordsModule,
  fleetModule,
  commandsModule,
  provisioningModule,
  administrationModule,
  quarantineModule,
  alertsModule,
  jobsModule,
  openDataModule,
  cityAccessModule,
  zonesModule,
  webhooksModule,
  notificationsModule,
  sharesModule,
  trackExportModule,
  tasksModule,
  maintenanceModule,
  taskStatisticsModule,
];
