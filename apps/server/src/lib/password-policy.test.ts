import { describe, expect, it } from 'vitest';
import { isPasswordValid } from '@vfm/contract';
import { assertPasswordPolicy, generatePassword, passwordPolicyErrors } from './password-policy';

describe('passwordPolicyErrors', () => {
  it('accepts a password meeting SPEC §5', () => {
    expect(passwordPolicyErrors('Passw0rd!x', 'newPassword')).toEqual([]);
  });

  it('names each unmet rule on the given field', () => {
    const errors = passwordPolicyErrors('abc', 'newPassword');
    expect(errors.map((e) => e.field)).toEqual(Array(4).fill('newPassword'));
    expect(errors.map((e) => e.message)).toEqual([
      'must contain a capital letter',
      'must contain a digit',
      'must contain a special character (?!@#$%^&*()_=+{};:,<.>-)',
      'must be between 8 and 30 characters long',
    ]);
  });

  it('refuses characters outside the allowed set even when every rule is met', () => {
    expect(passwordPolicyErrors('Passw0rd! x', 'password')).toEqual([
      {
        field: 'password',
        message: 'may only contain letters, digits and ?!@#$%^&*()_=+{};:,<.>-',
      },
    ]);
  });

  it('refuses more than 30 characters', () => {
    expect(passwordPolicyErrors(`Aa1!${'a'.repeat(27)}`, 'p')).toHaveLength(1);
  });

  it('throws a 400 problem with the field errors', () => {
    expect(() => assertPasswordPolicy('short', 'newPassword')).toThrow(
      expect.objectContaining({ status: 400, code: 'PASSWORD_POLICY' }),
    );
  });
});

describe('generatePassword', () => {
  it('always meets the policy and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(isPasswordValid(password), password).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
