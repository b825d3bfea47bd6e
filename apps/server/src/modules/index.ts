// The API modules, each registered under the API prefix (/api/wf/rest/v1). One line each.
import type { FastifyPluginAsync } from 'fastify';

export const apiModules: FastifyPluginAsync[] = [];
