// OpenAPI (DESIGN §5): every auth, settings and accounts operation is documented with
// tags, a summary, and a response for each status it answers (errors as problem+json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
let spec: any;
beforeAll(async () => {
  t = await startTestServer();
  spec = (await t.api().get('/api/docs/json')).body;
});
afterAll(() => t.close());

const OPERATIONS: Array<[string, string, number[]]> = [
  ['post', 'auth/login', [200, 400, 401, 403, 429]],
  ['post', 'auth/refresh', [200, 400, 401, 403]],
  ['post', 'auth/logout', [204, 400, 401, 403]],
  ['post', 'auth/validation', [204, 400, 401, 403]],
  ['post', 'auth/reset-password', [204, 400, 401, 403]],
  ['post', 'auth/change-password', [204, 400, 401, 403, 406, 429]],
  ['get', 'application/settings/{applicationKey}', [200, 400, 401, 404]],
  ['get', 'app-settings', [200, 401]],
  ['get', 'users/{userId}/settings', [200, 400, 401, 403, 404]],
  ['put', 'users/{userId}/settings', [200, 400, 401, 403, 404]],
  ['get', 'accounts/me', [200, 401, 403]],
  ['put', 'accounts/me', [200, 400, 401, 403]],
  ['get', 'accounts', [200, 401, 403]],
  ['post', 'accounts', [201, 400, 401, 403, 409]],
  ['delete', 'accounts', [204, 400, 401, 403, 404, 409]],
  ['get', 'accounts/{id}', [200, 401, 403, 404]],
  ['put', 'accounts/{id}', [200, 400, 401, 403, 404, 409]],
  ['delete', 'accounts/{id}', [204, 401, 403, 404, 409]],
  ['put', 'accounts/{id}/password', [204, 400, 401, 403, 404]],
  ['get', 'fleet/open-data', [200, 401, 403, 404]],
  ['put', 'fleet/open-data', [200, 400, 401, 403, 404]],
];

describe('OpenAPI document', () => {
  it.each(OPERATIONS)('%s %s: tags, summary and every status', (method, path, statuses) => {
    const operation = spec.paths[`${API_PREFIX}/${path}`]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation.tags.length).toBeGreaterThan(0);
    expect(operation.summary).toBeTruthy();
    for (const status of statuses) {
      const response = operation.responses[String(status)];
      expect(response, `${method} ${path} ${status}`).toBeDefined();
      if (status >= 400) {
        expect(response.content['application/problem+json'].schema.$ref).toBe(
          '#/components/schemas/Problem',
        );
      }
    }
  });

  it('documents the public GBFS feed, outside the API prefix, without key or token', () => {
    for (const path of ['/gbfs/v3/manifest.json', '/gbfs/v3/{systemId}/{file}']) {
      const operation = spec.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation.tags).toEqual(['gbfs']);
      expect(operation.security).toEqual([]);
      for (const status of ['200', '304', '404', '429'])
        expect(operation.responses[status]).toBeDefined();
    }
  });

  it('documents public calls with the api key only', () => {
    expect(spec.paths[`${API_PREFIX}/auth/login`].post.security).toEqual([{ apiKey: [] }]);
    expect(spec.paths[`${API_PREFIX}/accounts/me`].get.security).toBeUndefined();
  });
});
