// SPEC §4: a signed-in user who opens a public path is sent to their home page.
import { Navigate, Outlet } from 'react-router';
import { homeRouteOf } from '../../session/home-route';
import { useServices, useSession } from '../../services/services';

export function PublicOnly() {
  const { appInfo } = useServices();
  const { status, userType, technician } = useSession();
  if (status === 'authenticated' && userType !== 'UNKNOWN') {
    return <Navigate to={homeRouteOf(appInfo, userType, technician)} replace />;
  }
  return <Outlet />;
}
