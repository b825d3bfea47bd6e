// Translations a feature keeps beside its code: features/<feature>/i18n/<lang>.json — and the
// shared modules of the signed-in app likewise (bike/i18n, map/i18n) — loaded under the
// section named after the folder (my-account → myAccount) when the signed-in shell loads, so
// the sign-in screens do not carry them. These files exist in all eleven languages; English,
// loaded beside the languages outside SPEC §3 reading A for the fleet sections of the main
// files, stays the fallback of any missing key. Features add strings without touching the
// shared language files.
import type { i18n as I18n } from 'i18next';
import type { Language } from '@vfm/contract/constants';
import { languagesToLoad } from './i18n';

type Messages = Record<string, unknown>;

const loaders = import.meta.glob<Messages>(['../features/*/i18n/*.json', '../*/i18n/*.json'], {
  import: 'default',
});

export const featureSection = (folder: string) =>
  folder.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** [feature folder, language, loader] of every feature translation file */
function featureFiles() {
  return Object.entries(loaders).map(([file, load]) => {
    // ../features/<folder>/i18n/<lang>.json or ../<folder>/i18n/<lang>.json
    const parts = file.split('/');
    const folder = parts[parts.length - 3] ?? '';
    const name = parts[parts.length - 1] ?? '';
    return { folder, language: name.replace(/\.json$/, ''), load };
  });
}

export async function loadFeatureMessages(i18n: I18n, language: Language): Promise<void> {
  const wanted = new Set<string>(languagesToLoad(language));
  await Promise.all(
    featureFiles()
      .filter((file) => wanted.has(file.language))
      .map(async (file) => {
        const messages = await file.load();
        i18n.addResourceBundle(
          file.language,
          'translation',
          { [featureSection(file.folder)]: messages },
          true,
          true,
        );
      }),
  );
}
