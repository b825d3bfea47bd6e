// The root route: follows the session events (SPEC §4 — after a logout or a failed refresh the
// user goes to login and the cached server data is dropped).
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useServices } from '../services/services';
import { isPublicPath } from './guards/access';

export function Root() {
  const { session, queryClient, appInfo } = useServices();
  const navigate = useNavigate();
  useEffect(
    () =>
      session.on('logged-out', () => {
        queryClient.clear();
        const path = window.location.pathname.replace(/^\/[^/]+/, '');
        if (!isPublicPath(path, appInfo.publicPaths))
          void navigate('/auth/login', { replace: true });
      }),
    [session, queryClient, navigate, appInfo.publicPaths],
  );
  return <Outlet />;
}

/** Shown while the first route's code loads. */
export function BootFallback() {
  return <div aria-busy="true" style={{ minHeight: '100vh' }} />;
}
