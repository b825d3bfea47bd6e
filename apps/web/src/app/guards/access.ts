// Route guard of SPEC §6. Public paths (the auth screens and the extra public paths of the
// application info; the query string is ignored) are open. Any other route needs a signed-in
// user holding the role of the route data, if any; otherwise the user goes to /auth/login.
import type { SessionSnapshot } from '../../session/session-store';
import type { RouteRole } from '../../shell/route-handle';

export const PUBLIC_PATHS = [
  'auth/login',
  'auth/reset-password',
  'auth/reset-password-success',
  'auth/reset-password-error',
  'auth/change-password',
  'auth/account-validation',
] as const;

const normalise = (path: string) =>
  (path.split(/[?#]/, 1)[0] ?? '').replace(/^\/+/, '').replace(/\/+$/, '');

/** `path` is relative to the language prefix (the router's basename). */
export function isPublicPath(path: string, extraPublicPaths: readonly string[] = []): boolean {
  const wanted = normalise(path);
  return [...PUBLIC_PATHS, ...extraPublicPaths].some(
    (candidate) => normalise(candidate) === wanted,
  );
}

export type AccessDecision = 'allow' | 'login' | 'home';

export function decideAccess(input: {
  path: string;
  role: RouteRole | undefined;
  session: Pick<SessionSnapshot, 'status' | 'userType'> & { technician?: boolean };
  extraPublicPaths?: readonly string[];
}): AccessDecision {
  if (isPublicPath(input.path, input.extraPublicPaths)) return 'allow';
  const { status, userType } = input.session;
  if (status !== 'authenticated' || userType === 'UNKNOWN') return 'login';
  // an administrator also holds the user's rights (as on the server)
  if (input.role === 'admin' && userType !== 'ADMIN') return 'login';
  // docs/tasks.md: a field technician opens the field routes only; elsewhere, their tasks
  if (input.session.technician && input.role !== 'field') return 'home';
  return 'allow';
}
