// The e-mail of a webhook turned off after 24 h of failures, in the recipient's language.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@vfm/contract';
import { webhookDisabledMail } from './disabled-mail';

const input = {
  to: 'admin@example.com',
  fullName: 'Alice <Admin>',
  url: 'https://hooks.example.com/vfm?a=1&b=2',
  failingSince: '2026-11-24T19:05:00.000Z',
  link: 'https://vfm.example.com/fr/administration?tab=webhooks',
};

describe('webhookDisabledMail', () => {
  it('is written in each of the 11 languages, with the URL, the time and the link', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const mail = webhookDisabledMail({ ...input, language });
      subjects.add(mail.subject);
      expect(mail.text).toContain(input.url);
      expect(mail.text).toContain('2026-11-24 19:05');
      expect(mail.text).toContain(input.link);
      // escaped in the HTML version
      expect(mail.html).toContain('a=1&amp;b=2');
      expect(mail.html).not.toContain('<Admin>');
      expect(mail.html).toContain(`lang="${language}"`);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('tells of a breaker opened (paused, not disabled) in each language', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const paused = webhookDisabledMail({ ...input, language, paused: true });
      expect(paused.subject).not.toBe(webhookDisabledMail({ ...input, language }).subject);
      expect(paused.text).toContain(input.url);
      expect(paused.text).toContain(input.link);
      subjects.add(paused.subject);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it('greets by name, escaped', () => {
    expect(webhookDisabledMail({ ...input, language: 'en' }).html).toContain('Alice &lt;Admin&gt;');
  });

  it('falls back to French for an unknown language', () => {
    expect(webhookDisabledMail({ ...input, language: 'xx' }).subject).toMatch(/désactivé/);
    expect(webhookDisabledMail({ ...input, language: null }).html).toContain('lang="fr"');
  });
});
