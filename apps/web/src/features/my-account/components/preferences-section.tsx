// My account — language, distance unit (KM / MI), theme (light, dark or the device's: issue
// 25 §1) and time zone (the daily digest's 07:00: ADR 0099), saved to the user
// settings (SPEC §7).
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
import { LabelledSelect } from './labelled-select';
import { SegmentedChoice } from './segmented-choice';

const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const timeZoneList = () => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
};

export function PreferencesSection({ settings }: { settings: UserSettings | null }) {
  const { t } = useTranslation();
  const { appInfo, language: siteLanguage, reload } = useServices();
  const toast = useToast();
  const update = useUpdateUserSettings();
  const initial = {
    language: siteLanguage,
    distanceUnit: settings?.distanceUnit ?? DEFAULT_DISTANCE_UNIT,
    theme: settings?.theme ?? 'SYSTEM',
    // ADR 0099: '' = not chosen (the device's zone is shown)
    timeZone: settings?.timeZone ?? '',
  };
  const [language, setLanguage] = useState<Language>(initial.language);
  const [distanceUnit, setDistanceUnit] = useState<DistanceUnit>(initial.distanceUnit);
  const [theme, setTheme] = useState<Theme>(initial.theme);
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [failed, setFailed] = useState(false);
  const modified =
    language !== initial.language ||
    distanceUnit !== initial.distanceUnit ||
    theme !== initial.theme ||
    timeZone !== initial.timeZone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!modified || update.isPending) return;
    setFailed(false);
    update.mutate(
      {
        language,
        distanceUnit,
        theme,
        // left out unless changed: the stored one stays; null clears it
        ...(timeZone !== initial.timeZone ? { timeZone: timeZone || null } : {}),
      },
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
          <LabelledSelect
            id="preferences-language"
            label={t('myAccount.preferences.language')}
            value={language}
            onChange={(value) => setLanguage(value as Language)}
          >
            {sortLanguages(appInfo.languages).map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_LABELS[code]}
              </option>
            ))}
          </LabelledSelect>
          <SegmentedChoice
            name="distanceUnit"
            options={DISTANCE_UNITS}
            value={distanceUnit}
            onChange={setDistanceUnit}
            label={(unit) =>
              unit === 'KM' ? t('myAccount.preferences.km') : t('myAccount.preferences.mi')
            }
          />
          <SegmentedChoice
            name="theme"
            options={THEMES}
            value={theme}
            onChange={setTheme}
            label={(value) => t(`myAccount.preferences.themes.${value}`)}
          />
          <LabelledSelect
            id="preferences-time-zone"
            label={t('myAccount.preferences.timeZone')}
            value={timeZone}
            onChange={setTimeZone}
            hint={t('myAccount.preferences.timeZoneHint')}
          >
            <option value="">
              {t('myAccount.preferences.timeZoneDevice', { zone: deviceTimeZone() })}
            </option>
            {timeZoneList().map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </LabelledSelect>
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
