// POST auth/change-password (public, SPEC §7): body email, newPassword, password (the current
// password, may be empty), application, token (from an e-mailed link; empty when signed in).
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@vfm/contract';
import { useServices } from '../services/services';
import type { HttpClient } from '../api/http-client';

export type ChangePasswordInput = Omit<ChangePasswordRequest, 'application'>;

export function changePassword(http: HttpClient, application: string, input: ChangePasswordInput) {
  return http.post<void>('auth/change-password', {
    email: input.email,
    newPassword: input.newPassword,
    password: input.password ?? '',
    application,
    token: input.token ?? '',
  });
}

export function useChangePassword() {
  const { http, appInfo } = useServices();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(http, appInfo.key, input),
  });
}
