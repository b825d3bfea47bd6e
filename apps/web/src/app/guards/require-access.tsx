// SPEC §6 guard of the signed-in routes: the role comes from the route data (handle); a denied
// route logs a console warning and goes to /auth/login. When the session ends under a page
// that was allowed (logout, failed refresh), the user goes to login without a warning.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useServices, useSession } from '../../services/services';
import type { ShellRouteHandle } from '../../shell/route-handle';
import { homeRouteOf } from '../../session/home-route';
import { decideAccess } from './access';

function DeniedRedirect({ path, warn }: { path: string; warn: boolean }) {
  useEffect(() => {
    if (warn) console.warn(`Access to ${path} denied: redirecting to /auth/login`);
  }, [path, warn]);
  return <Navigate to="/auth/login" replace />;
}

export function RequireAccess() {
  const { appInfo } = useServices();
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  const allowedAt = useRef<string | null>(null);
  const role = [...matches]
    .reverse()
    .map((match) => (match.handle as ShellRouteHandle | undefined)?.role)
    .find(Boolean);
  const decision = decideAccess({
    path: location.pathname,
    role,
    session,
    extraPublicPaths: appInfo.publicPaths,
  });

  useEffect(() => {
    if (decision === 'allow') allowedAt.current = location.key;
  }, [decision, location.key]);

  if (decision === 'home') {
    return <Navigate to={homeRouteOf(appInfo, session.userType, session.technician)} replace />;
  }
  if (decision === 'login') {
    const sessionEnded = allowedAt.current === location.key;
    return <DeniedRedirect path={location.pathname} warn={!sessionEnded} />;
  }
  return <Outlet />;
}
