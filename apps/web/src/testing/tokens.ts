// Unsigned JWT-shaped tokens for tests: the client only reads the claims.
function base64Url(value: string): string {
  const bytes = String.fromCharCode(...new TextEncoder().encode(value));
  return btoa(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function makeToken(claims: Record<string, unknown> = {}): string {
  const payload = {
    ID: '7f1c2f8e-0000-4000-8000-000000000001',
    sub: 'manager@vfm.demo',
    ROLES: ['ROLE_VFM'],
    exp: Math.floor(Date.now() / 1000) + 900,
    ...claims,
  };
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(payload))}.sig`;
}
