// POST auth/login {email, password, application} → {jwtToken, jwtRefreshToken} (SPEC §7).
// 403: wrong credentials or no role; 429: too many attempts (DESIGN §5).
import type { LoginRequest, TokenPair } from '@vfm/contract';
import type { HttpClient } from './http-client';

export function login(http: HttpClient, request: LoginRequest) {
  return http.post<TokenPair>('auth/login', request);
}
