// Feature translation files (features/<feature>/i18n/<lang>.json and the shared modules'):
// every language of SPEC §3 has exactly the keys of English with their placeholders, each plural
// key has the plural forms of its language's CLDR rules, and the sections are distinct from
// those of the main language files.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@vfm/contract/constants';
import { featureSection, loadFeatureMessages } from './feature-messages';

type Tree = { [key: string]: string | Tree };
const srcDir = path.join(import.meta.dirname, '..');
const featuresDir = path.join(srcDir, 'features');
/** folders with translations of their own: the features and the shared modules (bike, map) */
const dirs = new Map<string, string>([
  ...readdirSync(featuresDir).map((f) => [f, path.join(featuresDir, f)] as [string, string]),
  ...readdirSync(srcDir)
    .filter((f) => f !== 'i18n')
    .map((f) => [f, path.join(srcDir, f)] as [string, string]),
]);
const folders = [...dirs.keys()].filter((f) => existsSync(path.join(dirs.get(f)!, 'i18n')));
const read = (folder: string, lang: string): Tree =>
  JSON.parse(readFileSync(path.join(dirs.get(folder)!, 'i18n', `${lang}.json`), 'utf8'));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** leaf keys, plural forms collapsed to their base key: form ('' when not plural) → value */
function leaves(tree: Tree, prefix = '', out = new Map<string, Map<string, string>>()) {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const base = full.replace(PLURAL, '');
      const forms = out.get(base) ?? new Map<string, string>();
      forms.set(PLURAL.exec(full)?.[1] ?? '', value);
      out.set(base, forms);
    } else leaves(value, full, out);
  }
  return out;
}
const placeholders = (value = '') =>
  [...value.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]!);
const named = (values: Iterable<string>) =>
  [...new Set([...values].flatMap(placeholders))].filter((n) => n !== 'count').sort();

describe('feature translation files', () => {
  const mainSections = Object.keys(
    JSON.parse(readFileSync(path.join(import.meta.dirname, 'en.json'), 'utf8')) as Tree,
  );

  for (const folder of folders) {
    it(`${folder}: a section of its own`, () => {
      expect(mainSections).not.toContain(featureSection(folder));
    });
    const en = leaves(read(folder, 'en'));
    for (const lang of LANGUAGES) {
      it(`${folder}: ${lang} has exactly the keys of English, with their placeholders`, () => {
        const messages = leaves(read(folder, lang));
        expect([...en.keys()].filter((key) => !messages.has(key))).toEqual([]);
        expect([...messages.keys()].filter((key) => !en.has(key))).toEqual([]);
        for (const [key, forms] of messages) {
          const english = en.get(key)!;
          const countInEnglish = [...english.values()].some((v) =>
            placeholders(v).includes('count'),
          );
          for (const [form, value] of forms) {
            const name = form ? `${lang} ${key}_${form}` : `${lang} ${key}`;
            expect(value.trim(), `${name} empty`).not.toBe('');
            expect(named([value]), name).toEqual(named(english.values()));
            // a singular form may say "this bike" instead of the number
            if (countInEnglish && form !== 'one')
              expect(placeholders(value), `${name} lacks {{count}}`).toContain('count');
            // counts are grouped as the language writes them: 100 000 vélos, 100,000 bikes
            expect(value, `${name}: write {{count, number}}`).not.toMatch(/{{\s*count\s*}}/);
          }
        }
      });

      it(`${folder}: ${lang} has the plural forms of its CLDR rules`, () => {
        const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories];
        const messages = leaves(read(folder, lang));
        for (const [key, english] of en) {
          const forms = [...(messages.get(key)?.keys() ?? [])].sort();
          const plural = [...english.keys()].some(Boolean);
          expect(forms, `${lang} ${key}`).toEqual(plural ? [...categories].sort() : ['']);
        }
      });
    }
  }

  it('write counts with the digit grouping of the language', async () => {
    const total = async (lng: Language) => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, fallbackLng: 'en', resources: {} });
      await loadFeatureMessages(i18n, lng);
      return i18n.t('fleet.summary.total', { count: 100_000 });
    };
    // French and German group with a (narrow) no-break space and a dot, English with a comma
    expect(await total('fr')).toBe('100\u202f000 vélos');
    expect(await total('de')).toBe('100.000 Fahrräder');
    expect(await total('en')).toBe('100,000 bikes');
  });

  it('are loaded under their section, with English as the fallback elsewhere', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'es', fallbackLng: 'en', resources: {} });
    await loadFeatureMessages(i18n, 'es');
    for (const folder of folders) {
      const section = featureSection(folder);
      expect(i18n.getResourceBundle('es', 'translation')?.[section]).toEqual(read(folder, 'es'));
      expect(i18n.getResourceBundle('en', 'translation')?.[section]).toEqual(read(folder, 'en'));
    }
  });
});
