// Firmware packages (ADR 0129): upload (multipart: version, moduleModel, then the file;
// the SHA-256 and size computed while the file streams to the store), list, delete (refused
// while a campaign refers to it). Administrators only (the routes say so); audited.
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import {
  FIRMWARE_TEXT_PATTERN,
  type FirmwarePackage,
  type FirmwarePackageList,
} from '@vfm/contract';
import { HttpProblem, badRequest, conflict, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { recordEvents } from '../events/queries';
import * as q from './queries';
import { firmwareSettings } from './settings';

const textRegExp = new RegExp(FIRMWARE_TEXT_PATTERN);

/** A part of the multipart body as @fastify/multipart gives it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

export const toPackage = (row: q.PackageRow): FirmwarePackage => ({
  id: row.id,
  version: row.version,
  moduleModel: row.module_model,
  fileName: row.file_name,
  size: Number(row.size),
  sha256: row.sha256,
  uploadedAt: row.uploaded_at.toISOString(),
  uploadedBy: row.uploaded_by,
  activeCampaigns: row.active_campaigns,
});

const tooLarge = (max: number) =>
  new HttpProblem(
    413,
    'PACKAGE_TOO_LARGE',
    'Payload Too Large',
    `A package is at most ${max} bytes.`,
  );

export async function uploadPackage(
  scope: RequestScope,
  parts: AsyncIterable<UploadPart>,
): Promise<FirmwarePackage> {
  const settings = firmwareSettings(scope.ctx.config);
  const { store } = settings;
  const fields: Record<string, string> = {};
  let stored: {
    id: string;
    size: number;
    sha256: string;
    fileName: string;
    commit(): Promise<void>;
    discard(): Promise<void>;
  } | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (stored || part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest('One file, in the field "file".');
      }
      const id = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      part.file.on('error', (error) => measure.destroy(error));
      const put = await store.put(id, part.file.pipe(measure)).catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 413)
          throw tooLarge(settings.maxBytes);
        throw error;
      });
      stored = {
        id,
        size,
        sha256: hash.digest('hex'),
        fileName: part.filename || 'firmware.bin',
        ...put,
      };
      if (part.file.truncated) throw tooLarge(settings.maxBytes);
    }
    const version = fields.version ?? '';
    const moduleModel = fields.moduleModel ?? '';
    const errors = [
      ...(textRegExp.test(version)
        ? []
        : [{ field: 'version', message: 'must match ' + FIRMWARE_TEXT_PATTERN }]),
      ...(textRegExp.test(moduleModel)
        ? []
        : [{ field: 'moduleModel', message: 'must match ' + FIRMWARE_TEXT_PATTERN }]),
      ...(stored && stored.size > 0
        ? []
        : [{ field: 'file', message: 'a non-empty file is required' }]),
    ];
    if (errors.length) throw badRequest('The package is incomplete.', errors);
    const upload = stored!;
    const row = await scope.database.transaction(async (tx) => {
      const [inserted] = await q.insertPackage(tx, {
        id: upload.id,
        fleet_id: scope.fleetId,
        version,
        module_model: moduleModel,
        file_name: upload.fileName.slice(0, 200),
        size: upload.size,
        sha256: upload.sha256,
        storage_key: upload.id,
        uploaded_by: scope.principal.email,
      });
      if (!inserted)
        throw conflict(
          `Version ${version} of ${moduleModel} is already uploaded.`,
          'PACKAGE_EXISTS',
        );
      await recordEvents(tx, [
        {
          fleetId: scope.fleetId,
          bikeId: null,
          type: 'OTHER',
          name: 'FIRMWARE_PACKAGE_UPLOADED',
          source: 'MANAGER',
          userEmail: scope.principal.email,
          data: {
            packageId: upload.id,
            version,
            moduleModel,
            size: upload.size,
            sha256: upload.sha256,
          },
        },
      ]);
      await upload.commit();
      return inserted;
    });
    stored = null;
    return toPackage(row);
  } finally {
    if (stored) await stored.discard();
  }
}

export async function listPackages(scope: RequestScope): Promise<FirmwarePackageList> {
  return { packages: (await q.listPackages(scope.database, scope.fleetId)).map(toPackage) };
}

export async function deletePackage(scope: RequestScope, id: string): Promise<void> {
  const row = await scope.database.transaction(async (tx) => {
    const found = await q.findPackage(tx, scope.fleetId, id, true);
    if (!found) throw notFound('No such package in your fleet.');
    if (!(await q.deletePackage(tx, scope.fleetId, id)))
      throw conflict(
        'A campaign uses this package: it is kept with its history.',
        'PACKAGE_IN_USE',
      );
    await recordEvents(tx, [
      {
        fleetId: scope.fleetId,
        bikeId: null,
        type: 'OTHER',
        name: 'FIRMWARE_PACKAGE_DELETED',
        source: 'MANAGER',
        userEmail: scope.principal.email,
        data: { packageId: id, version: found.version, moduleModel: found.module_model },
      },
    ]);
    return found;
  });
  await firmwareSettings(scope.ctx.config).store.remove(row.storage_key);
}
