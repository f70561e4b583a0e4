import type { AccountCreate, AccountListItem, AccountUpdate, LoginProviders, LoginRequest, LoginResponse, PasswordReset } from '@bjk/domain/accounts';
import { http } from '../../shared/http';

/** Never retried: every attempt counts against the login throttle, and the answer (a token) is not kept for replays. */
export const login = (body: LoginRequest) => http.post<LoginResponse>('/api/v1/accounts/anon/login', body, { retry: false });
/** The identity provider the login page offers (fixed per deployment: asked once per page load). */
export const providersQuery = {
  queryKey: ['accounts', 'providers'],
  queryFn: () => http.get<LoginProviders>('/api/v1/accounts/anon/providers'),
  staleTime: Infinity,
  retry: false,
};
export const logout = () => http.post<void>('/api/v1/accounts/logout');

export const accountsQuery = {
  queryKey: ['mgmt', 'accounts'],
  queryFn: () => http.get<AccountListItem[]>('/api/v1/accounts'),
};
export const createAccount = (body: AccountCreate) => http.post<AccountListItem>('/api/v1/accounts', body);
export const updateAccount = (id: string, body: AccountUpdate) => http.put<AccountListItem>(`/api/v1/accounts/${id}`, body);
export const resetPassword = (id: string, body: PasswordReset) => http.put<void>(`/api/v1/accounts/${id}/password`, body);
