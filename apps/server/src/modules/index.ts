// The API modules, each registered under the API prefix (/api/wf/rest/v1). One line each.
// (index.ts is where modules meet, not a feature: the boundary rule does not apply here.)
/* eslint-disable vfm/feature-boundaries */
import type { FastifyPluginAsync } from 'fastify';
import fleetRoutes from './fleet/routes';
import productRoutes from './products/routes';

export const apiModules: FastifyPluginAsync[] = [productRoutes, fleetRoutes];
