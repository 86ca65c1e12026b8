import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AdminPermission } from '@kezhan/contract/admin/permissions';
import type { AdminSession, AdminTotpChallenge } from '@kezhan/contract/admin/session';
import { api, ApiError, onSignedOut, setCsrfToken } from './http';

interface SessionState {
  /** undefined while the first check runs; null when signed out. */
  session: AdminSession | null | undefined;
  /** The first check failed for another reason than being signed out (network, server). */
  bootError: string | undefined;
  /** Answers the ticket of the code step when the administrator has 2FA on. */
  signIn(username: string, password: string): Promise<{ ticket: string } | undefined>;
  verifyTotp(ticket: string, code: string): Promise<void>;
  signOut(): Promise<void>;
  retry(): void;
  can(permission: AdminPermission): boolean;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AdminSession | null | undefined>(undefined);
  const [bootError, setBootError] = useState<string>();
  const [round, setRound] = useState(0);

  const accept = useCallback((next: AdminSession | null) => {
    setCsrfToken(next?.csrf_token ?? '');
    setSession(next);
  }, []);

  useEffect(() => {
    setBootError(undefined);
    api<AdminSession>('GET', '/api/admin/session').then(accept, (error: ApiError) => {
      if (error.code === 401) accept(null);
      else setBootError(error.message);
    });
  }, [accept, round]);

  useEffect(() => onSignedOut(() => accept(null)), [accept]);

  const value = useMemo<SessionState>(
    () => ({
      session,
      bootError,
      async signIn(username, password) {
        const answer = await api<AdminSession | AdminTotpChallenge>('POST', '/api/admin/login', {
          body: { username, password },
        });
        if ('totp_required' in answer) return { ticket: answer.ticket };
        accept(answer);
        return undefined;
      },
      async verifyTotp(ticket, code) {
        accept(await api<AdminSession>('POST', '/api/admin/login/totp', { body: { ticket, code } }));
      },
      async signOut() {
        await api('POST', '/api/admin/logout').catch(() => undefined);
        accept(null);
      },
      retry: () => setRound((n) => n + 1),
      can: (permission) => Boolean(session?.administrator.permissions.includes(permission)),
    }),
    [session, bootError, accept],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
