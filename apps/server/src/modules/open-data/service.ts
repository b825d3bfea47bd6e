// The fleet's open-data publishing settings (ADR 0083), administrators only: read
// with sensible defaults until the first save; each save is an audited event (DESIGN §7) with
// the settings before and after. The first save gives the fleet its public system id, which
// never changes afterwards (docs/open-data.md).
import {
  defaultOpenDataSettings,
  GBFS_BASE_PATH,
  OPEN_DATA_SETTINGS_CHANGED,
  type OpenData,
  type OpenDataSettings,
} from '@vfm/contract';
import { badRequest, notFound, type FieldError } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import {
  selectFleetModels,
  selectFleetName,
  selectPublication,
  systemIdTaken,
  upsertPublication,
  type PublicationRow,
} from './queries';
import { readablePublicId } from '../../lib/public-id';
import { recordFleetAction } from '../events/fleet-actions';

/** The public addresses of the feed, from the configured public origin. */
export function feedAddresses(publicUrl: string, systemId: string | null) {
  const base = `${publicUrl.replace(/\/+$/, '')}${GBFS_BASE_PATH}`;
  return {
    manifestUrl: `${base}/manifest.json`,
    feedUrl: systemId ? `${base}/${systemId}/gbfs.json` : null,
  };
}

function toOpenData(
  scope: RequestScope,
  settings: OpenDataSettings,
  row: PublicationRow | null,
  models: string[],
): OpenData {
  const addresses = feedAddresses(scope.ctx.config.publicUrl, row?.system_id ?? null);
  return {
    ...settings,
    systemId: row?.system_id ?? null,
    feedUrl: row?.published ? addresses.feedUrl : null,
    manifestUrl: addresses.manifestUrl,
    models,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function getOpenData(scope: RequestScope): Promise<OpenData> {
  const [row, name, models] = await Promise.all([
    selectPublication(scope.database, scope.fleetId),
    selectFleetName(scope.database, scope.fleetId),
    selectFleetModels(scope.database, scope.fleetId),
  ]);
  if (name === null) throw notFound('This fleet does not exist.');
  return toOpenData(scope, row ? row.settings : defaultOpenDataSettings(name), row, models);
}

const timeZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);

/** The rules a schema cannot say: what a GBFS feed requires once published. */
function checkSettings(settings: OpenDataSettings): FieldError[] {
  const errors: FieldError[] = [];
  if (!settings.name.trim()) errors.push({ field: 'name', message: 'must not be blank' });
  if (!settings.openingHours.trim()) {
    errors.push({ field: 'openingHours', message: 'must not be blank' });
  }
  if (!timeZones.has(settings.timezone)) {
    errors.push({ field: 'timezone', message: 'must be an IANA time zone, e.g. Europe/Paris' });
  }
  if (settings.published && !settings.contactEmail) {
    errors.push({ field: 'contactEmail', message: 'is required to publish the feed' });
  }
  const models = settings.vehicleTypes.map((type) => type.model);
  if (new Set(models).size !== models.length) {
    errors.push({ field: 'vehicleTypes', message: 'lists a model twice' });
  }
  return errors;
}

/** A new public system id: a readable part from the name and a random part (ADR 0083). */
export function newSystemId(name: string): string {
  return readablePublicId(name, 'vfm', 4);
}

/** Saves every setting; an event records what changed, from what, by whom. */
export async function saveOpenData(
  scope: RequestScope,
  input: OpenDataSettings,
  options: { systemId?: string } = {},
): Promise<OpenData> {
  const errors = checkSettings(input);
  if (errors.length) throw badRequest('The open-data settings are not valid.', errors);
  const settings: OpenDataSettings = {
    ...input,
    name: input.name.trim(),
    operator: input.operator.trim(),
    openingHours: input.openingHours.trim(),
  };
  const saved = await scope.database.transaction(async (tx) => {
    const current = await selectPublication(tx, scope.fleetId, { forUpdate: true });
    const fleetName = await selectFleetName(tx, scope.fleetId);
    if (fleetName === null) throw notFound('This fleet does not exist.');
    const before = current?.settings ?? defaultOpenDataSettings(fleetName);
    const changed = (Object.keys(settings) as Array<keyof OpenDataSettings>).filter(
      (key) => JSON.stringify(settings[key]) !== JSON.stringify(before[key]),
    );
    if (current && !changed.length) return current;
    let systemId = current?.system_id ?? options.systemId ?? newSystemId(settings.name);
    while (!current && (await systemIdTaken(tx, systemId))) systemId = newSystemId(settings.name);
    const row = await upsertPublication(tx, scope.fleetId, systemId, settings, scope.now);
    await recordFleetAction(tx, scope, OPEN_DATA_SETTINGS_CHANGED, {
      from: Object.fromEntries(changed.map((key) => [key, before[key]])),
      to: Object.fromEntries(changed.map((key) => [key, settings[key]])),
    });
    return row;
  });
  const models = await selectFleetModels(scope.database, scope.fleetId);
  return toOpenData(scope, saved.settings, saved, models);
}
