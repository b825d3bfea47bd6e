// What a field technician may call (ADR 0090), beside the routes marked
// `auth: 'field'` (the tasks): reading the fleet's bikes, their alerts and zones, their own
// account and settings, their notifications and alert rules, and the two commands of field work — the assistance lock and the
// alarm of one bike. Any other route (bulk commands, the IoT mode, theft reports,
// availability, statistics and exports, accounts, fleet settings, administration) answers 403
// TECHNICIAN_FORBIDDEN; a route added later stays closed to technicians until it is listed
// here or marked. The route-matrix test checks every route against this list.
export const FIELD_ROUTES: ReadonlySet<string> = new Set([
  'GET /accounts/me',
  'PUT /accounts/me',
  'GET /accounts/:id/photo',
  'GET /app-settings',
  'GET /users/:userId/settings',
  'PUT /users/:userId/settings',
  'GET /products/find/:text',
  'GET /products/details/:vehicleNumber',
  'GET /products/details/autotest/:vehicleNumber',
  'GET /products/details/trips/:vehicleNumber',
  'GET /products/details/commands/:vehicleNumber',
  'GET /products/details-actions/:vehicleNumber',
  'GET /products/details/zones/:vehicleNumber',
  'GET /products/warnings',
  'GET /fleet/group',
  'GET /fleet/information',
  'GET /fleet/list',
  'GET /fleet/markers',
  'GET /fleet/stream',
  'GET /zones',
  'GET /alerts',
  'POST /commands/lockControl/:vehicleNumber',
  'POST /commands/alarm/:vehicleNumber',
  // their own notifications and alert rules (docs/notifications.md): the bell is in every user's shell
  'GET /notifications',
  'GET /notifications/unread',
  'POST /notifications/:id/read',
  'POST /notifications/read-all',
  'GET /notification-rules',
  'POST /notification-rules',
  'GET /notification-rules/:id',
  'PUT /notification-rules/:id',
  'DELETE /notification-rules/:id',
  'POST /notification-rules/:id/resubscribe',
  'GET /push/public-key',
  'GET /push-subscriptions',
  'POST /push-subscriptions',
  'DELETE /push-subscriptions/:id',
]);

/** Whether a technician may call the route (`url` as the router knows it, prefix included). */
export function isFieldRoute(
  method: string,
  url: string,
  auth: string | undefined,
  apiPrefix: string,
): boolean {
  if (auth === 'field' || auth === 'public') return true;
  const path = url.startsWith(apiPrefix) ? url.slice(apiPrefix.length) : url;
  return FIELD_ROUTES.has(`${method} ${path}`);
}
