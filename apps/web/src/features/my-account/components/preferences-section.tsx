// My account — language, distance unit (KM / MI) and theme (light, dark or the device's: issue
// 25 §1), saved to the user settings (SPEC §7).
// A new language reloads the page under its prefix, as after login (SPEC §4).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@vfm/contract';
import {
  DEFAULT_DISTANCE_UNIT,
  DISTANCE_UNITS,
  LANGUAGE_LABELS,
  THEMES,
  type DistanceUnit,
  type Language,
  type Theme,
} from '@vfm/contract/constants';
import { useUpdateUserSettings } from '../../../account/update-user-settings';
import { languageSwitchUrl } from '../../../i18n/language-url';
import { sortLanguages } from '../../../ui/language-menu/sort-languages';
import { useServices } from '../../../services/services';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { Panel } from '../../../ui/page/page';
import { applyTheme } from '../../../ui/theme/theme';
import { useToast } from '../../../ui/toast/toast-context';
import styles from './my-account.module.css';

export function PreferencesSection({ settings }: { settings: UserSettings | null }) {
  const { t } = useTranslation();
  const { appInfo, language: siteLanguage, reload } = useServices();
  const toast = useToast();
  const update = useUpdateUserSettings();
  const initial = {
    language: siteLanguage,
    distanceUnit: settings?.distanceUnit ?? DEFAULT_DISTANCE_UNIT,
    theme: settings?.theme ?? 'SYSTEM',
  };
  const [language, setLanguage] = useState<Language>(initial.language);
  const [distanceUnit, setDistanceUnit] = useState<DistanceUnit>(initial.distanceUnit);
  const [theme, setTheme] = useState<Theme>(initial.theme);
  const [failed, setFailed] = useState(false);
  const modified =
    language !== initial.language ||
    distanceUnit !== initial.distanceUnit ||
    theme !== initial.theme;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!modified || update.isPending) return;
    setFailed(false);
    update.mutate(
      { language, distanceUnit, theme },
      {
        onSuccess: () => {
          applyTheme(theme);
          if (language !== siteLanguage) reload(languageSwitchUrl(window.location, language));
          else toast.show({ type: 'success', message: t('myAccount.preferences.saved') });
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <Panel
      id="preferences"
      title={t('myAccount.preferences.title')}
      intro={t('myAccount.preferences.intro')}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor="preferences-language" className={styles.label}>
              {t('myAccount.preferences.language')}
            </label>
            <select
              id="preferences-language"
              className={styles.select}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
            >
              {sortLanguages(appInfo.languages).map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_LABELS[code]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>{t('myAccount.preferences.distanceUnit')}</legend>
            <div className={styles.segmented}>
              {DISTANCE_UNITS.map((unit) => (
                <label key={unit} className={styles.segment}>
                  <input
                    type="radio"
                    name="distanceUnit"
                    value={unit}
                    checked={distanceUnit === unit}
                    onChange={() => setDistanceUnit(unit)}
                  />
                  <span>
                    {unit === 'KM' ? t('myAccount.preferences.km') : t('myAccount.preferences.mi')}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>{t('myAccount.preferences.theme')}</legend>
            <div className={styles.segmented}>
              {THEMES.map((value) => (
                <label key={value} className={styles.segment}>
                  <input
                    type="radio"
                    name="theme"
                    value={value}
                    checked={theme === value}
                    onChange={() => setTheme(value)}
                  />
                  <span>{t(`myAccount.preferences.themes.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {failed && <InlineAlert>{t('errors.generic')}</InlineAlert>}
        <div className={styles.footer}>
          <Button type="submit" busy={update.isPending} disabled={!modified}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
