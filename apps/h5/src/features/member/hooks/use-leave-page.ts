import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The mobile, password and bind-mobile pages go back 500 ms after their success toast. */
export const LEAVE_DELAY_MS = 500;

/**
 * Back to where the member came from after a short pause; straight to `fallback` when the page
 * was the first one opened (the router marks that entry with the key `default`).
 */
export function useLeavePage(fallback = '/member/profile') {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    window.setTimeout(() => {
      if (key !== 'default') navigate(-1);
      else navigate(fallback, { replace: true });
    }, LEAVE_DELAY_MS);
  }, [navigate, fallback, key]);
}
