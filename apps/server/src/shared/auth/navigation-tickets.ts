import { randomBytes } from 'node:crypto';
import type { EphemeralStore } from '../store/ephemeral-store';

/**
 * Browser navigations that act for a member (a payment redirect, a social-account bind) carry a
 * single-use ticket that lives five minutes, never the 14-day login token: URLs end up in
 * gateway pages, proxy logs and browser history.
 */
export const NAVIGATION_TICKET_TTL_SECONDS = 300;

const keyOf = (purpose: string, ticket: string) => `nav-ticket:${purpose}:${ticket}`;

export async function issueNavigationTicket(
  store: EphemeralStore,
  purpose: string,
  payload: Record<string, unknown>,
): Promise<{ ticket: string; expires_in: number }> {
  const ticket = randomBytes(24).toString('base64url');
  await store.set(keyOf(purpose, ticket), JSON.stringify(payload), NAVIGATION_TICKET_TTL_SECONDS);
  return { ticket, expires_in: NAVIGATION_TICKET_TTL_SECONDS };
}

/** Spends a ticket: of several concurrent redeemers only one gets the payload (`take` is atomic). */
export async function redeemNavigationTicket<T>(
  store: EphemeralStore,
  purpose: string,
  ticket: string | undefined,
): Promise<T | null> {
  if (!ticket || !/^[\w-]{32}$/.test(ticket)) return null;
  const stored = await store.take(keyOf(purpose, ticket));
  return stored === null ? null : (JSON.parse(stored) as T);
}
