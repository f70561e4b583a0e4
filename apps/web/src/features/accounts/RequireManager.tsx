import { Outlet } from 'react-router';
import { useManager } from '../../shared/auth/session';
import { LoginPage } from './LoginPage';

/** Guards every management page: the login form until a manager is logged in in this tab. */
export function RequireManager() {
  const session = useManager();
  return session ? <Outlet /> : <LoginPage />;
}
