import type { LoginRequest, LoginResponse } from '@bjk/domain/accounts';
import { http } from '../../shared/http';

export const login = (body: LoginRequest) => http.post<LoginResponse>('/api/v1/accounts/anon/login', body);
export const logout = () => http.post<void>('/api/v1/accounts/logout');
