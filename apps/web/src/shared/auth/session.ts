import { useSyncExternalStore } from 'react';
import type { Account, LoginResponse } from '@bjk/domain/accounts';
import { onUnauthorized, setAuthToken } from '../http';

/**
 * The manager's session in this tab: kept in sessionStorage, so it survives a reload but not the tab,
 * and dropped on the first 401 (expired or revoked), which shows the login page on the same address.
 */
export type ManagerSession = { token: string; expiresAt: string; account: Account };

const STORAGE_KEY = 'bjk.mgmt.session';
const listeners = new Set<() => void>();
let current: ManagerSession | null = read();

function read(): ManagerSession | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as ManagerSession;
    return Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function write(session: ManagerSession | null): void {
  current = session;
  setAuthToken(session?.token ?? null);
  try {
    if (session) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage the session lasts until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

setAuthToken(current?.token ?? null);
onUnauthorized(() => write(null));

export function startSession(response: LoginResponse): void {
  write({ token: response.token, expiresAt: response.expiresAt, account: response.account });
}

export function endSession(): void {
  write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The logged-in manager of this tab, or null. */
export function useManager(): ManagerSession | null {
  return useSyncExternalStore(subscribe, () => current);
}

export function hasPermission(session: ManagerSession | null, permission: string): boolean {
  return !!session && (session.account.permissions as string[]).includes(permission);
}
