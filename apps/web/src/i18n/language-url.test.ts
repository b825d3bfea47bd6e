import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@vfm/contract/constants';
import { languageFromPath, languageSwitchUrl, withDefaultLanguage } from './language-url';
import { sortLanguages } from '../ui/language-menu/sort-languages';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('language in the address (SPEC §1, §2)', () => {
  it('reads the first segment', () => {
    expect(languageFromPath('/de/fleet')).toBe('de');
    expect(languageFromPath('/fleet')).toBeNull();
    expect(languageFromPath('/')).toBeNull();
  });

  it('reloads under /{lang}/, keeping the page and its query', () => {
    expect(languageSwitchUrl(at('/fr/'), 'en')).toBe('/en/');
    expect(languageSwitchUrl(at('/fr'), 'en')).toBe('/en/');
    expect(languageSwitchUrl(at('/fr/auth/login'), 'de')).toBe('/de/auth/login');
    expect(languageSwitchUrl(at('/fr/auth/change-password', '?email=a%40b.cd&token=t'), 'pl')).toBe(
      '/pl/auth/change-password?email=a%40b.cd&token=t',
    );
    expect(withDefaultLanguage(at('/auth/login', '?x=1'))).toBe('/fr/auth/login?x=1');
  });

  it('sorts the languages alphabetically by label', () => {
    expect(sortLanguages(LANGUAGES)).toEqual([
      'cs',
      'de',
      'en',
      'es',
      'fi',
      'fr',
      'it',
      'nl',
      'pl',
      'pt',
      'zh',
    ]);
  });
});
