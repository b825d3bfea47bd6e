// Firmware (ADR 0129, docs/firmware.md; administrators only): packages (multipart upload,
// list, delete), campaigns (create, list, detail, approve, pause, resume, abort), the fleet's
// version distribution and a bike's firmware history. Thin: the services own the rules.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FirmwareBikeHistorySchema,
  FirmwareCampaignCreateSchema,
  FirmwareCampaignDetailSchema,
  FirmwareCampaignListSchema,
  FirmwareCampaignSchema,
  FirmwareIdParamsSchema,
  FirmwarePackageListSchema,
  FirmwarePackageSchema,
  FirmwareVersionsSchema,
  VehicleNumberParamsSchema,
} from '@vfm/contract';
import { HttpProblem } from '../../lib/problem';
import { NoContent, routeDoc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import {
  actOnCampaign,
  bikeHistory,
  createCampaign,
  getCampaign,
  listCampaigns,
  versionDistribution,
} from './campaign-service';
import { deletePackage, listPackages, uploadPackage, type UploadPart } from './package-service';
import { firmwareSettings } from './settings';

const route = routeDoc(['firmware']);
const Params = FirmwareIdParamsSchema;
const ACTIONS = ['approve', 'pause', 'resume', 'abort'] as const;

const firmwareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  app.post(
    '/firmware/packages',
    route.admin('Upload a package: multipart fields version, moduleModel, then file', {
      description:
        'The fields come before the file. The SHA-256 and size are computed while the file ' +
        'streams to the store; a file over FIRMWARE_MAX_BYTES → 413.',
      consumes: ['multipart/form-data'],
      response: { 201: FirmwarePackageSchema },
      problems: [400, 409, 413, 415],
    }),
    async (request, reply) => {
      const scope = scopeOf(request);
      const { maxBytes } = firmwareSettings(scope.ctx.config);
      if (!request.isMultipart())
        throw new HttpProblem(
          415,
          'MULTIPART_REQUIRED',
          'Unsupported Media Type',
          'Send multipart/form-data.',
        );
      const parts = request.parts({ limits: { fileSize: maxBytes } }) as AsyncIterable<UploadPart>;
      return reply.code(201).send(await uploadPackage(scope, parts));
    },
  );

  app.get(
    '/firmware/packages',
    route.admin("The fleet's firmware packages, newest first", { ok: FirmwarePackageListSchema }),
    async (request) => listPackages(scopeOf(request)),
  );

  app.delete(
    '/firmware/packages/:id',
    route.admin('Delete a package (409 while a campaign refers to it)', {
      params: Params,
      response: { 204: NoContent },
      problems: [409],
    }),
    async (request, reply) => {
      await deletePackage(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/firmware/campaigns',
    route.admin(
      'Start a campaign: a package offered to a target (a module in another open campaign → 409)',
      {
        body: FirmwareCampaignCreateSchema,
        response: { 201: FirmwareCampaignSchema },
        problems: [404, 409],
      },
    ),
    async (request, reply) =>
      reply.code(201).send(await createCampaign(scopeOf(request), request.body)),
  );

  app.get(
    '/firmware/campaigns',
    route.admin("The fleet's campaigns with their progress, newest first", {
      ok: FirmwareCampaignListSchema,
    }),
    async (request) => listCampaigns(scopeOf(request)),
  );

  app.get(
    '/firmware/campaigns/:id',
    route.admin("A campaign and each module's state, progress and failure reason", {
      params: Params,
      ok: FirmwareCampaignDetailSchema,
    }),
    async (request) => getCampaign(scopeOf(request), request.params.id),
  );

  for (const action of ACTIONS) {
    app.post(
      `/firmware/campaigns/:id/${action}`,
      route.admin(
        `${action[0]!.toUpperCase()}${action.slice(1)} a campaign (409 when its state does not allow it)`,
        { params: Params, ok: FirmwareCampaignSchema, problems: [409] },
      ),
      async (request) => actOnCampaign(scopeOf(request), request.params.id, action),
    );
  }

  app.get(
    '/firmware/versions',
    route.admin("The fleet's modules per model and running version", {
      ok: FirmwareVersionsSchema,
    }),
    async (request) => versionDistribution(scopeOf(request)),
  );

  app.get(
    '/firmware/bikes/:vehicleNumber',
    route.admin("A bike's running version and its firmware updates, newest first", {
      params: VehicleNumberParamsSchema,
      ok: FirmwareBikeHistorySchema,
    }),
    async (request) => bikeHistory(scopeOf(request), request.params.vehicleNumber),
  );
};

export default firmwareRoutes;
