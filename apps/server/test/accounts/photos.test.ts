// GET accounts/{id}/photo (ADR 0079): the photo as image bytes, never inlined in
// the lists; ETag = the account's photoVersion, private cache; an administrator reads the
// photos of the fleet's accounts, anyone else only their own; another fleet's is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@vfm/contract';
import { startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
let foreign: Awaited<ReturnType<typeof createFleetWithUsers>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** the photo call, bytes and headers as they come (the test client reads text) */
async function photo(token: string, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}${API_PREFIX}/accounts/${id}/photo`, {
    headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}`, ...headers },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  t = await startTestServer();
  cast = await createFleetWithUsers(t, 'Photos');
  foreign = await createFleetWithUsers(t, 'Elsewhere');
  for (const who of [cast.managerToken, foreign.managerToken]) {
    const res = await t.api({ token: who }).put('accounts/me', { photo: dataUrl(PNG) });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t.close());

describe('GET accounts/{id}/photo', () => {
  it('serves the photo as image bytes with its version as ETag, privately cached', async () => {
    const { response, bytes } = await photo(cast.adminToken, cast.manager.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    // the bytes are the user's: never sniffed as anything but the image type
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytes.equals(PNG)).toBe(true);
    const account = await t.api({ token: cast.adminToken }).get(`accounts/${cast.manager.id}`);
    expect(response.headers.get('etag')).toBe(`"${account.body.photoVersion}"`);
  });

  it('answers 304 to If-None-Match with the current version, 200 once the photo changed', async () => {
    const first = await photo(cast.managerToken, cast.manager.id);
    const etag = first.response.headers.get('etag')!;
    const again = await photo(cast.managerToken, cast.manager.id, { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const me = await t
      .api({ token: cast.managerToken })
      .put('accounts/me', { photo: dataUrl(jpeg, 'image/jpeg') });
    expect(`"${me.body.photoVersion}"`).not.toBe(etag);
    const changed = await photo(cast.managerToken, cast.manager.id, { 'if-none-match': etag });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('content-type')).toBe('image/jpeg');
    expect(changed.bytes.equals(jpeg)).toBe(true);
  });

  it('lets a manager read its own photo only', async () => {
    expect((await photo(cast.managerToken, cast.manager.id)).response.status).toBe(200);
    const other = await photo(cast.managerToken, cast.admin.id);
    expect(other.response.status).toBe(403);
  });

  it('treats another fleet’s account as nonexistent, and answers 404 without a photo', async () => {
    expect((await photo(cast.adminToken, foreign.manager.id)).response.status).toBe(404);
    expect((await photo(cast.adminToken, cast.admin.id)).response.status).toBe(404);
    expect((await photo(cast.adminToken, 'not-a-uuid')).response.status).toBe(404);
    const anonymous = await fetch(`${t.url}${API_PREFIX}/accounts/${cast.manager.id}/photo`, {
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps the list small: photos are versions, not data (20 photos, one page)', async () => {
    const big = Buffer.alloc(200_000, 7);
    for (let i = 0; i < 20; i += 1) {
      const account = await createAccount(t, cast.fleet, { fullName: `Photo ${i}` });
      const token = await tokenFor(t, account);
      const res = await t.api({ token }).put('accounts/me', { photo: dataUrl(big) });
      expect(res.status).toBe(200);
    }
    const list = await t.api({ token: cast.adminToken }).get('accounts?size=50');
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBe(22);
    expect(list.text.length).toBeLessThan(20_000);
    expect(list.text).not.toContain('data:image');
    for (const account of list.body.content) {
      expect(account).not.toHaveProperty('photo');
      expect('photoVersion' in account).toBe(true);
    }
  });
});
