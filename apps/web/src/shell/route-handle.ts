/** Who may open a route (SPEC §6 route data); `field`: a user's route a field technician may
 *  open too (docs/tasks.md) — every other route sends a technician to their tasks. */
export type RouteRole = 'field' | 'user' | 'admin';

/** Data of a shell route (SPEC §6 role, SPEC §2 back-button flag). */
export interface ShellRouteHandle {
  role?: RouteRole;
  hasPrevious?: boolean;
}
