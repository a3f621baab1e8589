import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnPath, storedStartPage } from '../api/storage';
import { isImplemented } from './menu';
import { FullPageLoader } from './StatusPages';
import { useSession } from './session/context';

/** Everything but the public pages needs a token and the authorization flag; the wanted path is remembered. */
export function RequireAuth() {
  const { authorized } = useSession();
  const location = useLocation();
  if (!authorized) {
    rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login/" replace />;
  }
  return <Outlet />;
}

/** /clients is the superadmin's, /employees/ the administrators'; everyone else goes to the wall. */
export function RequireAccess({ access }: { access: 'admin' | 'superadmin' }) {
  const { user, isAdmin, isSuperadmin } = useSession();
  if (!user) return <FullPageLoader />;
  const allowed = access === 'superadmin' ? isSuperadmin : isAdmin;
  return allowed ? <Outlet /> : <Navigate to="/company" replace />;
}

/** The page '/' leads to: clients for a superadmin, otherwise the start page (default the wall). */
export function startPath(isSuperadmin: boolean, userId: string, clientStartPage?: string): string {
  if (isSuperadmin) return '/clients';
  const page = clientStartPage || storedStartPage() || 'company';
  if (page === 'profile') return `/profile/${userId}`;
  const path = `/${page}`;
  return isImplemented(path) ? path : '/company';
}

export function HomeRedirect() {
  const { user, isSuperadmin, client } = useSession();
  if (!user) return <FullPageLoader />;
  return <Navigate to={startPath(isSuperadmin, user._id, client?.start_page)} replace />;
}
