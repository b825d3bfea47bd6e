// Every products/…, fleet/… and alerts/… call is documented at /api/docs with its query, its answer and its
// problem answers (DESIGN §5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every products/…, fleet/… and alerts/… call with its answers', async () => {
    const res = await t.api().get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, any>>;
    const ours = Object.entries(paths).filter(([path]) =>
      /^\/api\/wf\/rest\/v1\/(products|fleet|alerts|notifications|notification-rules)(\/|$)/.test(
        path,
      ),
    );
    expect(ours.map(([path]) => path).sort()).toEqual(
      [
        'alerts',
        'alerts/assignees',
        'alerts/{id}/acknowledge',
        'alerts/{id}/assign',
        'alerts/{id}/clear',
        'fleet/admin/jobs',
        'fleet/admin/jobs/{id}/retry',
        'fleet/admin/quarantine',
        'fleet/admin/quarantine/{id}',
        'fleet/admin/quarantine/{id}/retry',
        'fleet/admin/vehicles',
        'fleet/chart',
        'fleet/city-clients',
        'fleet/city-clients/access-log',
        'fleet/city-clients/{id}',
        'fleet/events',
        'fleet/events/csv',
        'fleet/group',
        'fleet/information',
        'fleet/list',
        'fleet/list/csv',
        'fleet/markers',
        'fleet/open-data',
        'fleet/settings',
        'fleet/statistics',
        'fleet/statistics/traffic',
        'fleet/stream',
        'fleet/vehicles/csv',
        // docs/notifications.md
        'notification-rules',
        'notification-rules/{id}',
        'notification-rules/{id}/resubscribe',
        'notifications',
        'notifications/read-all',
        'notifications/unread',
        'notifications/{id}/read',
        'products/availability',
        'products/details-actions/{vehicleNumber}',
        'products/details/autotest/{vehicleNumber}',
        'products/details/commands/{vehicleNumber}',
        'products/details/trips/{vehicleNumber}',
        'products/details/zones/{vehicleNumber}',
        'products/details/{vehicleNumber}',
        'products/export/{vehicleNumber}',
        'products/find/{text}',
        'products/shares/{vehicleNumber}',
        'products/shares/{vehicleNumber}/{id}',
        'products/theft/{vehicleNumber}',
        'products/warnings',
      ].map((p) => `/api/wf/rest/v1/${p}`),
    );
    for (const [path, operations] of ours) {
      for (const [method, operation] of Object.entries(operations)) {
        const label = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, label).toBeTruthy();
        // a success with a body (200, or 201 for a creation), or a removal without one (204)
        const success = ['204', '201'].find((code) => operation.responses[code]) ?? '200';
        expect(Object.keys(operation.responses), label).toEqual(
          expect.arrayContaining([success, '400', '401', '403']),
        );
        if (success === '200') expect(operation.responses['200'].content, label).toBeDefined();
        const problem = operation.responses['400'].content['application/json'].schema;
        expect(JSON.stringify(problem), label).toContain('Problem');
      }
    }
    // the public read of a shared position (docs/manager-tools.md): 200, bad input, unknown, gone, limited
    const shared = paths['/api/wf/rest/v1/shared-position']!.get;
    expect(Object.keys(shared.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '410', '429']),
    );
    const markers = paths['/api/wf/rest/v1/fleet/markers']!.get;
    expect(markers.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['isReportedTheft', 'isParked', 'inTransit', 'out']),
    );
  });
});
