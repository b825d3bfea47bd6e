// The fleet's battery health settings (docs/battery.md, ADR 0130), beside the warning
// thresholds: the nominal capacity a state of health is measured against, the threshold under
// which a pack is alerted and rotated, and the abnormally fast drop. An administrator changes
// them (audited); every pack's state of health and alert follow within seconds.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BatteryCharging } from 'lucide-react';
import type { BatterySettings } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useBatterySettings, useSaveBatterySettings } from '../../../battery/battery-queries';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { AdminTab } from './admin-tab';
import styles from './administration.module.css';

type Name = keyof BatterySettings;

/** the contract's bounds (BatterySettingsSchema): the server refuses the same */
export const BATTERY_FIELDS: ReadonlyArray<{
  name: Name;
  unit: string;
  min: number;
  max: number;
  whole: boolean;
}> = [
  { name: 'sohThreshold', unit: '%', min: 1, max: 100, whole: true },
  { name: 'fastDropPoints', unit: 'points', min: 0.5, max: 50, whole: false },
  { name: 'nominalCapacityWh', unit: 'Wh', min: 50, max: 10_000, whole: false },
];

const parse = (text: string) => Number(text.trim().replace(',', '.'));

export function BatterySettingsSection() {
  const { t } = useTranslation();
  const settings = useBatterySettings();
  return (
    <AdminTab
      heading={{
        id: 'battery-settings-title',
        text: t('battery.settings.title'),
        icon: <BatteryCharging size={20} aria-hidden="true" />,
      }}
      className={styles.narrow}
      intro={t('battery.settings.intro')}
      query={settings}
      texts={{
        loading: t('battery.settings.loading'),
        error: t('battery.settings.loadFailed'),
        retry: t('battery.retry'),
      }}
    >
      {(current) => <BatterySettingsForm key={JSON.stringify(current)} current={current} />}
    </AdminTab>
  );
}

function BatterySettingsForm({ current }: { current: BatterySettings }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const save = useSaveBatterySettings();
  const [values, setValues] = useState<Record<Name, string>>({
    sohThreshold: String(current.sohThreshold),
    fastDropPoints: String(current.fastDropPoints),
    nominalCapacityWh: String(current.nominalCapacityWh),
  });
  // live: a field says what is wrong once changed (all of them once the form is sent)
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, string>>>({});

  const errorOf = (field: (typeof BATTERY_FIELDS)[number]) => {
    const value = parse(values[field.name]);
    if (
      values[field.name].trim() === '' ||
      !Number.isFinite(value) ||
      (field.whole && !Number.isInteger(value)) ||
      value < field.min ||
      value > field.max
    )
      return t(field.whole ? 'battery.settings.invalidWhole' : 'battery.settings.invalid', {
        min: field.min,
        max: field.max,
      });
    return serverErrors[field.name];
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ sohThreshold: true, fastDropPoints: true, nominalCapacityWh: true });
    if (BATTERY_FIELDS.some((field) => errorOf(field))) return;
    const changed = Object.fromEntries(
      BATTERY_FIELDS.map((field) => [field.name, parse(values[field.name])]).filter(
        ([name, value]) => current[name as Name] !== value,
      ),
    ) as Partial<BatterySettings>;
    if (!Object.keys(changed).length) {
      toasts.show({ type: 'success', message: t('battery.settings.saved') });
      return;
    }
    save.mutate(changed, {
      onSuccess: () => toasts.show({ type: 'success', message: t('battery.settings.saved') }),
      onError: (error) => {
        const fields = isApiError(error) ? (error.problem?.errors ?? []) : [];
        setServerErrors(
          Object.fromEntries(
            fields.flatMap((e) => {
              const name = BATTERY_FIELDS.find((f) => e.field.includes(f.name))?.name;
              return name ? [[name, e.message]] : [];
            }),
          ),
        );
        toasts.show({
          type: 'error',
          message: t('battery.settings.failed', {
            detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
          }),
        });
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {BATTERY_FIELDS.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={`${t(`battery.settings.${field.name}`)} (${field.unit === 'points' ? t('battery.settings.pointsPer30Days') : field.unit})`}
          inputMode={field.whole ? 'numeric' : 'decimal'}
          value={values[field.name]}
          onChange={(event) => {
            const text = event.target.value;
            setValues((v) => ({ ...v, [field.name]: text }));
            setTouched((v) => ({ ...v, [field.name]: true }));
            setServerErrors((v) => ({ ...v, [field.name]: undefined }));
          }}
          hint={t(`battery.settings.${field.name}Hint`)}
          error={touched[field.name] ? errorOf(field) : undefined}
        />
      ))}
      <div className={styles.buttonsStart}>
        <Button type="submit" busy={save.isPending}>
          {t('battery.settings.save')}
        </Button>
      </div>
    </form>
  );
}
