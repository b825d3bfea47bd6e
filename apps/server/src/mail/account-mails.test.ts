import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@vfm/contract';
import {
  accountValidationMail,
  linkWithToken,
  mailLanguage,
  resetPasswordMail,
} from './account-mails';
import { MAIL_TEXTS } from './templates/messages';
import { escapeHtml, interpolate } from './templates/layout';

const input = {
  to: 'ana@example.com',
  fullName: 'Ana "<script>alert(1)</script>"',
  language: 'en' as const,
  link: 'http://vfm.test/auth/change-password?email=ana%40example.com&token=abc&lang=en',
};

describe('account e-mails', () => {
  it('exist in every language of SPEC §3 reading B, each text filled in', () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(MAIL_TEXTS[language])) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
      }
      const reset = resetPasswordMail({ ...input, language });
      expect(reset.html).toContain(`<html lang="${language}">`);
      expect(reset.text).toContain('15');
      expect(reset.text).not.toMatch(/\{\w+\}/);
      expect(accountValidationMail({ ...input, language }).text).toContain('7');
    }
  });

  it('escapes every value in the HTML part, keeps the text part verbatim', () => {
    const mail = resetPasswordMail(input);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Ana &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(mail.html).toContain(
      'href="http://vfm.test/auth/change-password?email=ana%40example.com&amp;token=abc&amp;lang=en"',
    );
    expect(mail.text).toContain('Hello Ana "<script>alert(1)</script>",');
    expect(mail.links).toEqual([input.link]);
  });

  it('greets without a name when the full name is empty', () => {
    expect(resetPasswordMail({ ...input, fullName: ' ' }).text.startsWith('Hello,')).toBe(true);
  });

  it('says the reset link is valid 15 minutes, the validation link 7 days', () => {
    expect(resetPasswordMail(input).text).toContain('valid for 15 minutes');
    expect(accountValidationMail(input).text).toContain('valid for 7 days');
    expect(accountValidationMail(input).subject).toBe('Activate your VFM account');
  });
});

describe('helpers', () => {
  it('mailLanguage: the stored language, else the request one', () => {
    expect(mailLanguage('de', 'fr')).toBe('de');
    expect(mailLanguage('xx', 'fr')).toBe('fr');
    expect(mailLanguage(null, 'en')).toBe('en');
  });

  it('linkWithToken keeps the base and encodes the parameters', () => {
    expect(linkWithToken('http://vfm.test/auth/change-password?x=1', 'a+b@c.de', 't/k', 'de')).toBe(
      'http://vfm.test/auth/change-password?x=1&email=a%2Bb%40c.de&token=t%2Fk&lang=de',
    );
  });

  it('interpolate leaves unknown placeholders and does not re-expand values', () => {
    expect(interpolate('{a} {b}', { a: '{b}' })).toBe('{b} {b}');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
