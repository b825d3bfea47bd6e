// The route table of the running app, for tests that must cover every route — including the
// routes other modules add later. recordRoutes is a non-encapsulated plugin (fastify-plugin)
// with an onRoute hook; route tests put it first in the module list (vi.mock of
// src/modules/index), so it sees every API route with its method, auth level and schemas.
// listedRoutes() reads Fastify's own router as a cross-check that nothing escaped the record.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';

export interface RecordedRoute {
  method: string;
  url: string;
  auth: 'public' | 'field' | 'user' | 'admin';
  schema: {
    params?: JsonSchema;
    querystring?: JsonSchema;
    body?: JsonSchema;
    response?: Record<string, unknown>;
  };
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  [key: string]: unknown;
}

export const recordedRoutes: RecordedRoute[] = [];

export const recordRoutes = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        recordedRoutes.push({
          method,
          url: route.url ?? '',
          auth: (route.config as { auth?: RecordedRoute['auth'] } | undefined)?.auth ?? 'user',
          schema: (route.schema ?? {}) as RecordedRoute['schema'],
        });
      }
    });
  },
  { name: 'test-route-recorder' },
);

/** Every route of the router under a prefix, as "METHOD /path", from printRoutes(). */
export function listedRoutes(app: FastifyInstance, prefix: string): string[] {
  const listed: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /── (\S+) \(([^)]+)\)/.exec(line);
    if (!match || !match[1]!.startsWith(prefix)) continue;
    for (const method of match[2]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') listed.push(`${method} ${match[1]}`);
    }
  }
  return listed;
}

/**
 * The module list with the recorder first. Use in a test file:
 *   vi.mock('../../src/modules/index', async (original) =>
 *     (await import('../helpers/route-table')).withRouteRecorder(original));
 */
export async function withRouteRecorder(
  importOriginal: () => Promise<{ apiModules: FastifyPluginAsync[] }>,
) {
  const original = await importOriginal();
  return { ...original, apiModules: [recordRoutes, ...original.apiModules] };
}
