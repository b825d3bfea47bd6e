import { describe, expect, it } from 'vitest';
import {
  validateConfirmation,
  validateEmail,
  validateNewPassword,
  validateName,
  validateRequired,
} from './validators';

describe('validateEmail (SPEC §5)', () => {
  it('requires a value', () => expect(validateEmail('')).toEqual({ code: 'required' }));
  it('accepts the pattern', () => {
    for (const ok of ['admin@vfm.demo', 'a.b+c_d-e@sub.example.org', 'X1@ab.fr']) {
      expect(validateEmail(ok), ok).toBeNull();
    }
  });
  it('rejects what the pattern refuses', () => {
    for (const bad of [
      'admin',
      'admin@vfm',
      'a@b.c',
      'a@x.FR',
      'a b@vfm.demo',
      'a@@vfm.demo',
      'é@vfm.demo',
    ]) {
      expect(validateEmail(bad), bad).toEqual({ code: 'emailFormat' });
    }
  });
  it('caps the length at 1000', () => {
    const long = `${'a'.repeat(995)}@vfm.demo`;
    expect(validateEmail(long)).toEqual({ code: 'maxLength', max: 1000 });
  });
});

describe('validateRequired', () => {
  it('requires a value of at most 255 characters', () => {
    expect(validateRequired('')).toEqual({ code: 'required' });
    expect(validateRequired('x'.repeat(255))).toBeNull();
    expect(validateRequired('x'.repeat(256))).toEqual({ code: 'maxLength', max: 255 });
  });
});

describe('validateNewPassword (SPEC §5)', () => {
  it('accepts a password meeting every rule', () => {
    expect(validateNewPassword('VfmDemo!2026')).toBeNull();
    expect(validateNewPassword('aA1?' + 'x'.repeat(26))).toBeNull();
  });
  it('refuses missing classes and bad lengths', () => {
    expect(validateNewPassword('')).toEqual({ code: 'required' });
    expect(validateNewPassword('vfmdemo!2026')).toEqual({ code: 'passwordRules' });
    expect(validateNewPassword('VFMDEMO!2026')).toEqual({ code: 'passwordRules' });
    expect(validateNewPassword('VfmDemo!abcd')).toEqual({ code: 'passwordRules' });
    expect(validateNewPassword('VfmDemo12026')).toEqual({ code: 'passwordRules' });
    expect(validateNewPassword('Vd!2026')).toEqual({ code: 'passwordRules' });
    expect(validateNewPassword('aA1?' + 'x'.repeat(27))).toEqual({ code: 'passwordRules' });
  });
  it('names characters outside the allowed set', () => {
    expect(validateNewPassword('VfmDemo!2026 ')).toEqual({ code: 'passwordCharacters' });
    expect(validateNewPassword('VfmDemo!2026é')).toEqual({ code: 'passwordCharacters' });
  });
});

describe('validateConfirmation (SPEC §5 mustMatch)', () => {
  it('requires the confirmation and equality', () => {
    expect(validateConfirmation('VfmDemo!2026', '')).toEqual({ code: 'required' });
    expect(validateConfirmation('VfmDemo!2026', 'VfmDemo!2027')).toEqual({ code: 'mustMatch' });
    expect(validateConfirmation('VfmDemo!2026', 'VfmDemo!2026')).toBeNull();
  });
});

describe('validateName', () => {
  it('requires a visible name without hidden or direction-changing characters', () => {
    expect(validateName('')).toEqual({ code: 'required' });
    expect(validateName('Zoë Ørsted')).toBeNull();
    expect(validateName('\u200b')).toEqual({ code: 'nameCharacters' });
    expect(validateName('Eve \u202eenna')).toEqual({ code: 'nameCharacters' });
    expect(validateName('x'.repeat(256))).toEqual({ code: 'maxLength', max: 255 });
  });
});
