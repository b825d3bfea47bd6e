// GET /app-info.json: the application info of SPEC §3, read by the web app at start-up so
// that one build serves any deployment (DESIGN §2).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  APP_VERSION,
  APPLICATION_TITLE,
  AppInfoSchema,
  LANGUAGES,
  SHARE_PAGE_PATH,
  type AppInfo,
} from '@vfm/contract';

export function buildAppInfo(config: {
  apiKeys: string[];
  applicationKey: string;
  apiPrefix: string;
}): AppInfo {
  const p = config.apiPrefix;
  return {
    key: config.applicationKey,
    title: APPLICATION_TITLE,
    version: APP_VERSION,
    languages: [...LANGUAGES],
    xapikey: config.apiKeys[0] ?? '',
    settingsUrl: `${p}/users/{userId}/settings`,
    publicEndpoints: [
      `${p}/auth/login`,
      `${p}/auth/refresh`,
      `${p}/auth/logout`,
      `${p}/auth/validation`,
      `${p}/auth/reset-password`,
      `${p}/auth/change-password`,
      `${p}/application/settings`,
      `${p}/app-settings`,
      `${p}/shared-position`,
    ],
    // the shared-position page (docs/manager-tools.md): no sign-in
    publicPaths: [SHARE_PAGE_PATH],
    routeOnLoginSuccessForUser: 'fleet',
    routeOnLoginSuccessForAdmin: 'fleet',
  };
}

const appInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const info = buildAppInfo(app.ctx.config);
  app.get(
    '/app-info.json',
    { schema: { tags: ['settings'], response: { 200: AppInfoSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(info),
  );
};

export default appInfoRoutes;
