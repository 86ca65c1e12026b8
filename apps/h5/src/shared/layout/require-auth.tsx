import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '@/shared/storage/storage';

/** Login-required routes: without a token, go to /login?redirect=<path and query>. */
export function loginUrl(pathAndQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndQuery)}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getToken()) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
