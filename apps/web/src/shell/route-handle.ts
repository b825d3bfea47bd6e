/** Who may open a route (SPEC §6 route data). */
export type RouteRole = 'user' | 'admin';

/** Data of a shell route (SPEC §6 role, SPEC §2 back-button flag). */
export interface ShellRouteHandle {
  role?: RouteRole;
  hasPrevious?: boolean;
}
