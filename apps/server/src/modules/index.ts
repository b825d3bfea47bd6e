// The API modules, each registered under the API prefix (/api/wf/rest/v1). One line each.
/* eslint-disable vfm/feature-boundaries -- this file is where the modules' routes meet */
import type { FastifyPluginAsync } from 'fastify';
import commandRoutes from './commands/routes';
import provisioningRoutes from './provisioning/routes';

export const apiModules: FastifyPluginAsync[] = [commandRoutes, provisioningRoutes];
