import { useSyncExternalStore } from 'react';
import type { Account, LoginResponse } from '@bjk/domain/accounts';
import { onUnauthorized, setAuthToken } from '../http';
import { wipeDeskRoster } from './desk-storage';

/**
 * The manager's session, shared by every tab of this browser: kept in localStorage until the session's own expiry
 * (the server's `expiresAt`), so a record opened in a new tab needs no second login. An expired session is never
 * read back; logging out (or the first 401: expired or revoked, which shows the login page on the same address)
 * ends it in every tab at once. The token is as exposed to scripts as it was in sessionStorage: the strict content
 * security policy (`script-src 'self'`) is what keeps other scripts out.
 */
export type ManagerSession = { token: string; expiresAt: string; account: Account };

const STORAGE_KEY = 'bjk.mgmt.session';
const listeners = new Set<() => void>();
let current: ManagerSession | null = read();

function parse(raw: string | null): ManagerSession | null {
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as ManagerSession;
    return typeof session.token === 'string' && Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function read(): ManagerSession | null {
  try {
    const session = parse(window.localStorage.getItem(STORAGE_KEY));
    if (!session) window.localStorage.removeItem(STORAGE_KEY);
    return session;
  } catch {
    return null;
  }
}

function adopt(session: ManagerSession | null): void {
  current = session;
  setAuthToken(session?.token ?? null);
  for (const listener of listeners) listener();
}

function write(session: ManagerSession | null): void {
  try {
    if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage the session lasts until the page is reloaded.
  }
  // The desk's roster (photos of minors) does not outlive the session on this phone.
  if (!session) void wipeDeskRoster();
  adopt(session);
}

setAuthToken(current?.token ?? null);
onUnauthorized(() => write(null));
// Another tab logged in, out, or was told the session ended: this tab follows.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY || event.key === null) adopt(parse(event.newValue));
});

export function startSession(response: LoginResponse): void {
  write({ token: response.token, expiresAt: response.expiresAt, account: response.account });
}

/** The server made the session last longer (a desk's day, `POST /api/v1/desk/session`): kept so a reload offline still finds it. */
export function extendSession(expiresAt: string): void {
  if (current && Date.parse(expiresAt) > Date.parse(current.expiresAt)) write({ ...current, expiresAt });
}

export function endSession(): void {
  write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The logged-in manager, or null. */
export function useManager(): ManagerSession | null {
  return useSyncExternalStore(subscribe, () => current);
}

export function hasPermission(session: ManagerSession | null, permission: string): boolean {
  return !!session && (session.account.permissions as string[]).includes(permission);
}
