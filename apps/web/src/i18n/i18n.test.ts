// SPEC §3 (the 11 languages): a language file must not lack a key that English has — every key of
// the shared layer in all eleven languages, every key of the fleet area in fr and de too.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLEET_LANGUAGES, LANGUAGES } from '@vfm/contract/constants';
import { FLEET_SECTIONS, SHARED_SECTIONS } from './namespaces';

type Tree = { [key: string]: string | Tree };
const dir = import.meta.dirname;
const read = (lang: string): Tree =>
  JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8'));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** leaf keys with their values; plural forms collapse to their base key */
function leaves(tree: Tree, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const base = full.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), value]);
    } else {
      for (const [k, v] of leaves(value, full)) out.set(k, [...(out.get(k) ?? []), ...v]);
    }
  }
  return out;
}

const placeholders = (values: string[]) =>
  [
    ...new Set(
      values.flatMap((v) => [...v.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1])),
    ),
  ]
    .filter((name) => name !== 'count')
    .sort();

const en = leaves(read('en'));
const section = (key: string) => key.split('.')[0] ?? '';

describe('translation files', () => {
  it('exist for exactly the eleven languages of SPEC §3', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  it('classify every section of en.json as shared layer or fleet area', () => {
    const sections = new Set([...en.keys()].map(section));
    expect([...sections].sort()).toEqual([...SHARED_SECTIONS, ...FLEET_SECTIONS].sort());
  });

  it('write counts as numbers of the language ({{count, number}}: 100 000, 100,000)', () => {
    for (const lang of LANGUAGES) {
      const raw = [...leaves(read(lang)).values()].flat().filter((v) => /{{\s*count\s*}}/.test(v));
      expect(raw, lang).toEqual([]);
    }
  });

  for (const lang of LANGUAGES) {
    const complete = (FLEET_LANGUAGES as readonly string[]).includes(lang);
    it(`${lang}: has every ${complete ? '' : 'shared-layer '}key of English`, () => {
      const messages = leaves(read(lang));
      const required = [...en.keys()].filter(
        (key) => complete || (SHARED_SECTIONS as readonly string[]).includes(section(key)),
      );
      expect(required.filter((key) => !messages.has(key))).toEqual([]);
    });

    it(`${lang}: has no key unknown to English and keeps the placeholders`, () => {
      const messages = leaves(read(lang));
      expect([...messages.keys()].filter((key) => !en.has(key))).toEqual([]);
      for (const [key, values] of messages) {
        expect(placeholders(values), `${lang} ${key}`).toEqual(placeholders(en.get(key) ?? []));
        expect(
          values.every((v) => v.trim().length > 0),
          `${lang} ${key} empty`,
        ).toBe(true);
      }
    });
  }

  it('English strings are the SPEC wording', () => {
    const text = (key: string) => en.get(key)?.[0];
    expect(text('errors.loginForbidden')).toBe(
      'Incorrect login/password. Please try again or click on "Forgot password".',
    );
    expect(text('errors.loginFailed')).toBe(
      'An error occurred during authentication. Please try again later.',
    );
    expect(text('errors.passwordSame')).toBe(
      'Your new password must be different from the previous one.',
    );
    expect(text('errors.passwordFailed')).toBe(
      'An error occurred while updating the new password. Please try again later.',
    );
    expect(text('errors.resetFailed')).toBe(
      'An error occurred while sending the password reset email. Please try again later.',
    );
    expect(text('errors.mapLoadFailed')).toBe("An error occured. The map couldn't be loaded");
    expect(text('shell.search.placeholder')).toBe('Frame or IoT No. or bike unique ID');
    expect(text('shell.search.several')).toBe('Several bikes or IoT found. Refine your search.');
    expect(text('shell.search.notFound')).toBe('Bike or IoT not found.');
    expect(text('validation.emailFormat')).toBe(
      'Please fill in your email in the format {{email}}',
    );
    expect(text('auth.resetSuccess.title')).toBe('Check your emails');
    expect(text('auth.resetError.title')).toBe('An error has occurred');
    expect(text('auth.changePassword.title')).toBe('Reset password');
    expect(text('auth.login.forgotPassword')).toBe('Forgot your password?');
    expect(text('auth.login.submit')).toBe('Log in');
    expect(text('password.match')).toBe('The passwords match');
    expect(text('password.mismatch')).toBe('Passwords do not match');
    expect(text('shell.nav.fleet')).toBe('Fleet inventory');
    expect(text('shell.profile.myAccount')).toBe('My Account');
    expect(text('messages.passwordChanged')).toBe('Password changed');
  });
});
