// The API modules, each registered under the API prefix (/api/wf/rest/v1). One line each.
import type { FastifyPluginAsync } from 'fastify';
import accountsModule from './accounts';
import authModule from './auth';
import settingsModule from './settings';
import commandRoutes from './commands/routes';
import provisioningRoutes from './provisioning/routes';
import fleetRoutes from './fleet/routes';
import productRoutes from './products/routes';

export const apiModules: FastifyPluginAsync[] = [
  authModule,
  settingsModule,
  accountsModule,
  productRoutes,
  fleetRoutes,
  commandRoutes,
  provisioningRoutes,
];
