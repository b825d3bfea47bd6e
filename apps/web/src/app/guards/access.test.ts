import { describe, expect, it } from 'vitest';
import { decideAccess, isPublicPath } from './access';

const admin = { status: 'authenticated', userType: 'ADMIN' } as const;
const user = { status: 'authenticated', userType: 'USER' } as const;
const anonymous = { status: 'anonymous', userType: 'UNKNOWN' } as const;
const roleless = { status: 'authenticated', userType: 'UNKNOWN' } as const;
const authenticating = { status: 'authenticating', userType: 'USER' } as const;

describe('public paths (SPEC §6)', () => {
  it('are the six auth screens, the query string ignored', () => {
    for (const path of [
      '/auth/login',
      'auth/reset-password',
      '/auth/reset-password-success',
      '/auth/reset-password-error',
      '/auth/change-password?email=a%40b.cd&token=x',
      '/auth/account-validation?token=y',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    expect(isPublicPath('/fleet')).toBe(false);
    expect(isPublicPath('/auth/login/extra')).toBe(false);
  });

  it('include the extra public paths of the application info', () => {
    expect(isPublicPath('/status?x=1', ['/status'])).toBe(true);
    expect(isPublicPath('/status', [])).toBe(false);
  });
});

describe('decideAccess (SPEC §6)', () => {
  it('lets anybody open a public path', () => {
    expect(decideAccess({ path: '/auth/login', role: undefined, session: anonymous })).toBe(
      'allow',
    );
  });

  it('sends a signed-out visitor to login', () => {
    expect(decideAccess({ path: '/fleet', role: 'user', session: anonymous })).toBe('login');
    expect(decideAccess({ path: '/fleet', role: undefined, session: anonymous })).toBe('login');
  });

  it('does not treat a login in progress as signed in', () => {
    expect(decideAccess({ path: '/fleet', role: 'user', session: authenticating })).toBe('login');
  });

  it('lets users into user routes, not into administration', () => {
    for (const path of ['/fleet', '/warnings', '/statistics', '/my-account', '/fleet/product/X1']) {
      expect(decideAccess({ path, role: 'user', session: user }), path).toBe('allow');
    }
    expect(decideAccess({ path: '/administration', role: 'admin', session: user })).toBe('login');
  });

  it('lets admins everywhere', () => {
    expect(decideAccess({ path: '/administration', role: 'admin', session: admin })).toBe('allow');
    expect(decideAccess({ path: '/fleet', role: 'user', session: admin })).toBe('allow');
  });

  it('refuses a signed-in account without the application role', () => {
    expect(decideAccess({ path: '/fleet', role: 'user', session: roleless })).toBe('login');
  });
});
