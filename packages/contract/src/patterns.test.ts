import { describe, expect, it } from 'vitest';
import {
  checkPasswordRules,
  DISPLAY_NAME_PATTERN,
  emailRegExp,
  iotCodeRegExp,
  isDisplayName,
  isPasswordValid,
  markingRegExp,
  vehicleNumberRegExp,
} from './patterns';

describe('SPEC §5 patterns', () => {
  it('accepts e-mails of the SPEC pattern and refuses others', () => {
    for (const ok of ['a@bc.fr', 'first.last+tag@mail-host.example.com', 'A_B-1@x1.io']) {
      expect(emailRegExp.test(ok), ok).toBe(true);
    }
    for (const bad of [
      'a@b.fr',
      'a@bc.F',
      'a@bc.f',
      'no-at.fr',
      'a b@cd.fr',
      'é@cd.fr',
      'a@cd.FR',
    ]) {
      expect(emailRegExp.test(bad), bad).toBe(false);
    }
  });

  it('checks the five password rules', () => {
    expect(checkPasswordRules('abc')).toEqual({
      lowercase: true,
      uppercase: false,
      digit: false,
      special: false,
      length: false,
    });
    expect(checkPasswordRules('Abcdef1!')).toEqual({
      lowercase: true,
      uppercase: true,
      digit: true,
      special: true,
      length: true,
    });
  });

  it('validates whole passwords: classes, 8-30 characters, allowed characters only', () => {
    expect(isPasswordValid('Abcdef1!')).toBe(true);
    expect(isPasswordValid('Abcde1!')).toBe(false); // 7
    expect(isPasswordValid(`Ab1!${'x'.repeat(26)}`)).toBe(true); // 30
    expect(isPasswordValid(`Ab1!${'x'.repeat(27)}`)).toBe(false); // 31
    expect(isPasswordValid('Abcdef1!é')).toBe(false); // é not allowed
    expect(isPasswordValid('Abcdef1 !')).toBe(false); // space not allowed
    expect(isPasswordValid('abcdef1!')).toBe(false); // no capital
    for (const special of '?!@#$%^&*()_=+{};:,<.>-') {
      expect(isPasswordValid(`Abcdef1${special}`), special).toBe(true);
    }
  });

  it('validates frame numbers, IoT codes and marking numbers', () => {
    expect(vehicleNumberRegExp.test('FR-123_abc')).toBe(true);
    expect(vehicleNumberRegExp.test('x'.repeat(46))).toBe(false);
    expect(vehicleNumberRegExp.test('a.b')).toBe(false);
    expect(iotCodeRegExp.test('A1B2C3')).toBe(true);
    expect(iotCodeRegExp.test('1ABCDE')).toBe(false);
    expect(iotCodeRegExp.test('Abcdef')).toBe(false);
    expect(markingRegExp.test('M.12_3-4')).toBe(true);
  });
});

describe('display names (docs/operations.md)', () => {
  it('accepts names of any script, with inner spaces, apostrophes and emoji', () => {
    for (const ok of ['Nina Neu', "Zoë O'Brien-Ørsted", '王小明', 'محمد', 'City 28" ⚡', 'x']) {
      expect(isDisplayName(ok), ok).toBe(true);
    }
  });

  it('refuses names made only of spaces or invisible characters', () => {
    for (const bad of ['', ' ', '\t', '\u00a0\u3000', '\u200b', '\u200b\u200c\u200d', '\ufeff']) {
      expect(isDisplayName(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses direction overrides, isolates, zero-width characters and controls', () => {
    const hidden = [
      ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
      ...['\u2066', '\u2067', '\u2068', '\u2069'],
      ...['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\ufeff'],
      ...['\u0000', '\n', '\u007f', '\u2028'],
    ];
    for (const char of hidden) {
      expect(isDisplayName(`Admin${char}istrator`), JSON.stringify(char)).toBe(false);
    }
  });

  it('is the same rule as a JSON-schema pattern (Ajv compiles it with the u flag)', () => {
    expect(new RegExp(DISPLAY_NAME_PATTERN, 'u').test('Nina\u202eueN')).toBe(false);
    expect(new RegExp(DISPLAY_NAME_PATTERN).test('Nina Neu')).toBe(true);
  });
});
