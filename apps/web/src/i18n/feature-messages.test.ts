// Feature translation files (features/<feature>/i18n/<lang>.json): fr, en and de complete
// (SPEC §3 reading A), nothing unknown to English, placeholders kept, sections distinct from
// those of the main language files.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FLEET_LANGUAGES } from '@vfm/contract/constants';
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

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string')
      out.set(full.replace(/_(zero|one|two|few|many|other)$/, ''), value);
    else for (const [k, v] of leaves(value, full)) out.set(k, v);
  }
  return out;
}
const placeholders = (value = '') =>
  [...value.matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1])
    .filter((n) => n !== 'count')
    .sort();

describe('feature translation files', () => {
  const mainSections = Object.keys(
    JSON.parse(readFileSync(path.join(import.meta.dirname, 'en.json'), 'utf8')) as Tree,
  );

  for (const folder of folders) {
    it(`${folder}: a section of its own`, () => {
      expect(mainSections).not.toContain(featureSection(folder));
    });
    const en = leaves(read(folder, 'en'));
    for (const lang of FLEET_LANGUAGES) {
      it(`${folder}: ${lang} has exactly the keys of English, with their placeholders`, () => {
        const messages = leaves(read(folder, lang));
        expect([...en.keys()].filter((key) => !messages.has(key))).toEqual([]);
        expect([...messages.keys()].filter((key) => !en.has(key))).toEqual([]);
        for (const [key, value] of messages) {
          expect(placeholders(value), `${lang} ${key}`).toEqual(placeholders(en.get(key)));
          expect(value.trim(), `${lang} ${key} empty`).not.toBe('');
        }
      });
    }
  }

  it('are loaded under their section, with English as the fallback elsewhere', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'es', fallbackLng: 'en', resources: {} });
    await loadFeatureMessages(i18n, 'es');
    for (const folder of folders) {
      const section = featureSection(folder);
      expect(i18n.getResourceBundle('en', 'translation')?.[section]).toEqual(read(folder, 'en'));
    }
  });
});
