// A profile photo on its own call (ADR 0079): lists and profiles carry only the photo's
// version, the image comes from GET accounts/{id}/photo as bytes, cacheable by the browser
// (private, revalidated by ETag). An administrator reads the photos of the fleet's accounts,
// anyone else only their own.
import type { RequestScope } from '../../plugins/request-scope';
import { forbidden, notFound } from '../../lib/problem';
import { matchesEtag } from '../fleet/etag';
import { findPhoto } from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** the data URLs PUT accounts/me accepts (PhotoSchema) */
const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;

export type PhotoAnswer =
  | { etag: string; contentType: string; bytes: Buffer }
  /** If-None-Match matched: the browser's copy is current */
  | { etag: string; contentType: null; bytes: null };

export async function getAccountPhoto(
  scope: RequestScope,
  id: string,
  ifNoneMatch: string | undefined,
): Promise<PhotoAnswer> {
  const { principal } = scope;
  if (!principal.isAdmin && id !== principal.accountId) {
    throw forbidden('Only an administrator reads the photo of another account.', 'ADMIN_ONLY');
  }
  const stored = UUID.test(id) ? await findPhoto(scope.database, scope.fleetId, id) : null;
  const parts = stored && DATA_URL.exec(stored.photo);
  if (!stored || !parts) throw notFound('This account has no photo.');
  const etag = `"${stored.version}"`;
  if (matchesEtag(ifNoneMatch, etag)) return { etag, contentType: null, bytes: null };
  return { etag, contentType: parts[1]!, bytes: Buffer.from(parts[2]!, 'base64') };
}
