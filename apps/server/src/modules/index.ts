// The API modules, each registered under the API prefix (/api/wf/rest/v1). One line each.
import type { FastifyPluginAsync } from 'fastify';
import accountsModule from './accounts';
import authModule from './auth';
import settingsModule from './settings';
import commandRoutes from './commands/routes';
import provisioningRoutes from './provisioning/routes';

export const apiModules: FastifyPluginAsync[] = [
  authModule,
  settingsModule,
  accountsModule,
  commandRoutes,
  provisioningRoutes,
];
