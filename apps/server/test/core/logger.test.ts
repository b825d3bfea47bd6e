import { describe, expect, it } from 'vitest';
import { maskUrl } from '../../src/lib/logger';

describe('maskUrl', () => {
  it('masks tokens and passwords in query strings', () => {
    expect(maskUrl('/fr/auth/change-password?email=a%40b.co&token=secret123')).toBe(
      '/fr/auth/change-password?email=a%40b.co&token=[REDACTED]',
    );
    expect(maskUrl('/x?refreshToken=abc&y=1')).toBe('/x?refreshToken=[REDACTED]&y=1');
  });
});
