// Settings calls (DESIGN §5 "Settings"). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppSettingsSchema,
  ApplicationSettingsParamsSchema,
  ApplicationSettingsQuerySchema,
  ApplicationSettingsSchema,
  UserSettingsParamsSchema,
  UserSettingsQuerySchema,
  UserSettingsSchema,
} from '@vfm/contract';
import { publicScopeOf, scopeOf } from '../../plugins/request-scope';
import { doc, PUBLIC_SECURITY } from '../../lib/route-schema';
import { appSettings, applicationSettings, saveUserSettings, userSettings } from './service';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/application/settings/:applicationKey',
    {
      config: { auth: 'public' },
      ...doc(
        ['settings'],
        'Application settings (privacy policy and help addresses) for a language',
        {
          security: PUBLIC_SECURITY,
          params: ApplicationSettingsParamsSchema,
          querystring: ApplicationSettingsQuerySchema,
          ok: ApplicationSettingsSchema,
          problems: [400, 401, 404],
        },
      ),
    },
    async (request) =>
      applicationSettings(
        publicScopeOf(request),
        request.params.applicationKey,
        request.query.language ?? request.language,
      ),
  );

  app.get(
    '/app-settings',
    {
      config: { auth: 'public' },
      ...doc(['settings'], 'Version and map settings of this deployment', {
        security: PUBLIC_SECURITY,
        ok: AppSettingsSchema,
        problems: [401],
      }),
    },
    async (request) => appSettings(publicScopeOf(request)),
  );

  app.get(
    '/users/:userId/settings',
    doc(['settings'], "The caller's own settings (defaults when never saved); other ids are 404", {
      params: UserSettingsParamsSchema,
      querystring: UserSettingsQuerySchema,
      ok: UserSettingsSchema,
      problems: [400, 401, 403, 404],
    }),
    async (request) =>
      userSettings(scopeOf(request), request.params.userId, request.query.applicationName),
  );

  app.put(
    '/users/:userId/settings',
    doc(
      ['settings'],
      "Save the caller's own settings; the language also becomes the e-mail language",
      {
        params: UserSettingsParamsSchema,
        querystring: UserSettingsQuerySchema,
        body: UserSettingsSchema,
        ok: UserSettingsSchema,
        problems: [400, 401, 403, 404, 413, 415],
      },
    ),
    async (request) =>
      saveUserSettings(
        scopeOf(request),
        request.params.userId,
        request.query.applicationName,
        request.body,
      ),
  );
};

export default settingsRoutes;
