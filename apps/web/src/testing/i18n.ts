// A synchronous English i18next instance for component tests.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import { featureSection } from '../i18n/feature-messages';

// the English files of the features and shared modules, each under its section (as the shell
// loads them)
const features = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>(['../features/*/i18n/en.json', '../*/i18n/en.json'], {
      eager: true,
      import: 'default',
    }),
  ).map(([file, messages]) => {
    const parts = file.split('/');
    return [featureSection(parts[parts.length - 3] ?? ''), messages];
  }),
);

export function createTestI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: { ...en, ...features } } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export const testI18n = createTestI18n();
