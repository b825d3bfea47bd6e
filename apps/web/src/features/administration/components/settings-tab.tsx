// The fleet settings (docs/web.md, DESIGN §7): the warning thresholds and the CO2
// factor that fleet/information reports, edited by an administrator; each change is audited —
// and below them the battery health's settings (battery-settings-section.tsx).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetSettings } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useFleetInformation } from '../../../live/use-fleet-information';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useSaveFleetSettings } from '../api/fleet-admin';
import { AdminTab } from './admin-tab';
import { BatterySettingsSection } from './battery-settings-section';
import styles from './administration.module.css';

const FIELDS = [
  {
    name: 'lowVehicleBatteryPercent',
    label: 'lowVehicleBattery',
    unit: 'percent',
    min: 1,
    max: 99,
    step: 1,
  },
  {
    name: 'lowModuleBatteryPercent',
    label: 'lowModuleBattery',
    unit: 'percent',
    min: 1,
    max: 99,
    step: 1,
  },
  {
    name: 'lackOfCommunicationHours',
    label: 'lackOfCommunication',
    unit: 'hours',
    min: 1,
    max: 8760,
    step: 1,
  },
  { name: 'co2KgPerKm', label: 'co2', unit: 'kgPerKm', min: 0, max: 10, step: 0.01 },
  {
    name: 'noParkingGraceMinutes',
    label: 'noParkingGrace',
    unit: 'minutes',
    min: 1,
    max: 1440,
    step: 1,
  },
] as const;

export function SettingsTab() {
  const { t } = useTranslation();
  const information = useFleetInformation();
  return (
    <div className={styles.settingsStack}>
      {information.data ? (
        <SettingsForm
          key={JSON.stringify(information.data.settings)}
          current={information.data.settings}
        />
      ) : (
        <TableStatus kind="loading" text={t('administration.settings.loading')} />
      )}
      <BatterySettingsSection />
    </div>
  );
}

function SettingsForm({ current }: { current: FleetSettings }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const save = useSaveFleetSettings();
  const [values, setValues] = useState<Record<keyof FleetSettings, string>>({
    lowVehicleBatteryPercent: String(current.lowVehicleBatteryPercent),
    lowModuleBatteryPercent: String(current.lowModuleBatteryPercent),
    lackOfCommunicationHours: String(current.lackOfCommunicationHours),
    co2KgPerKm: String(current.co2KgPerKm),
    noParkingGraceMinutes: String(current.noParkingGraceMinutes),
  });
  const [submitted, setSubmitted] = useState(false);

  const errorOf = (field: (typeof FIELDS)[number]) => {
    const value = Number(values[field.name].replace(',', '.'));
    const whole = field.step === 1 ? Number.isInteger(value) : true;
    return values[field.name].trim() === '' ||
      !Number.isFinite(value) ||
      !whole ||
      value < field.min ||
      value > field.max
      ? t('administration.settings.invalid', { min: field.min, max: field.max })
      : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (FIELDS.some((field) => errorOf(field))) return;
    const changed = Object.fromEntries(
      FIELDS.map((field) => [field.name, Number(values[field.name].replace(',', '.'))]).filter(
        ([name, value]) => current[name as keyof FleetSettings] !== value,
      ),
    );
    if (!Object.keys(changed).length) {
      toasts.show({ type: 'success', message: t('administration.settings.saved') });
      return;
    }
    save.mutate(changed, {
      onSuccess: () =>
        toasts.show({ type: 'success', message: t('administration.settings.saved') }),
      onError: (error) =>
        toasts.show({
          type: 'error',
          message: t('administration.settings.failed', {
            detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
          }),
        }),
    });
  };

  const hours = Number(values.lackOfCommunicationHours);
  return (
    <AdminTab
      heading={{ id: 'settings-title', text: t('administration.settings.title') }}
      className={styles.narrow}
      intro={t('administration.settings.intro')}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={`${t(`administration.settings.${field.label}`)} (${t(`administration.settings.${field.unit}`)})`}
            inputMode={field.step === 1 ? 'numeric' : 'decimal'}
            value={values[field.name]}
            onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
            hint={
              field.name === 'lackOfCommunicationHours' && Number.isFinite(hours)
                ? t('administration.settings.lackHint', {
                    days: Math.round((hours / 24) * 10) / 10,
                  })
                : undefined
            }
            error={submitted ? errorOf(field) : undefined}
          />
        ))}
        <div className={styles.buttonsStart}>
          <Button type="submit" busy={save.isPending}>
            {t('administration.settings.save')}
          </Button>
        </div>
      </form>
    </AdminTab>
  );
}
