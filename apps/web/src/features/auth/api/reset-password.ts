// POST auth/reset-password {email, application, redirectUrl} (SPEC §7). The redirect URL is the
// site origin plus /auth/change-password; the server e-mails it with ?email=…&token=….
import type { HttpClient } from '../../../api/http-client';

export function resetPasswordRedirectUrl(origin: string = window.location.origin): string {
  return `${origin}/auth/change-password`;
}

export function requestPasswordReset(http: HttpClient, email: string, application: string) {
  return http.post<void>('auth/reset-password', {
    email,
    application,
    redirectUrl: resetPasswordRedirectUrl(),
  });
}
