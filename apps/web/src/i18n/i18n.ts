// i18next set up for one language per page load: the language is the first address segment
// and changing it reloads the site (SPEC §2), so only that language's file is fetched (plus
// English, the fallback of the fleet area, for languages outside SPEC §3 reading A).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FLEET_LANGUAGES, type Language } from '@vfm/contract/constants';

type Messages = Record<string, unknown>;

const loaders = import.meta.glob<Messages>('./*.json', { import: 'default' });

export const FALLBACK_LANGUAGE: Language = 'en';

export function languagesToLoad(language: Language): Language[] {
  return (FLEET_LANGUAGES as readonly string[]).includes(language)
    ? [language]
    : [language, FALLBACK_LANGUAGE];
}

async function loadMessages(language: Language): Promise<Messages> {
  const load = loaders[`./${language}.json`];
  if (!load) throw new Error(`no translation file for ${language}`);
  return load();
}

export async function createI18n(language: Language): Promise<I18n> {
  const entries = await Promise.all(
    languagesToLoad(language).map(async (lng) => [lng, { translation: await loadMessages(lng) }]),
  );
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: Object.fromEntries(entries),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
