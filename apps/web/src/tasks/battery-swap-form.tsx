// The swap record of a battery swap task (issue 26 §5, ADR 0100): the charge of the battery
// fitted (a full one by default) and its number when it has one. Finishing with it updates the
// bike's battery record; checked here as the server checks it (0–100, the marking pattern).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { markingRegExp, type TaskBatterySwap } from '@vfm/contract';
import { Button } from '../ui/button/button';
import styles from './tasks.module.css';

export function BatterySwapForm({
  busy,
  onSubmit,
  onBack,
}: {
  busy?: boolean;
  onSubmit(swap: TaskBatterySwap): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [level, setLevel] = useState('100');
  const [batteryNumber, setBatteryNumber] = useState('');
  const [tried, setTried] = useState(false);
  const levelValue = Number(level);
  const levelOk =
    level.trim() !== '' && Number.isInteger(levelValue) && levelValue >= 0 && levelValue <= 100;
  const number = batteryNumber.trim();
  const numberOk = !number || markingRegExp.test(number);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!levelOk || !numberOk) return;
    onSubmit({ batteryLevel: levelValue, ...(number ? { batteryNumber: number } : {}) });
  };

  return (
    <form className={styles.swapForm} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.swapTitle}>
        {t('tasks.swap.title')}
      </h3>
      <label className={styles.field}>
        <span>{t('tasks.swap.level')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={level}
          onChange={(event) => setLevel(event.target.value)}
          aria-invalid={tried && !levelOk}
          aria-describedby={tried && !levelOk ? `${id}-level` : undefined}
          required
        />
      </label>
      {tried && !levelOk && (
        <p id={`${id}-level`} className={styles.error}>
          {t('tasks.swap.levelInvalid')}
        </p>
      )}
      <label className={styles.field}>
        <span>{t('tasks.swap.number')}</span>
        <input
          value={batteryNumber}
          maxLength={45}
          autoCapitalize="characters"
          onChange={(event) => setBatteryNumber(event.target.value)}
          aria-invalid={tried && !numberOk}
          aria-describedby={tried && !numberOk ? `${id}-number` : undefined}
        />
      </label>
      {tried && !numberOk && (
        <p id={`${id}-number`} className={styles.error}>
          {t('tasks.swap.numberInvalid')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" className={styles.primary} busy={busy}>
          {t('tasks.swap.submit')}
        </Button>
        <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
          {t('tasks.swap.back')}
        </Button>
      </div>
    </form>
  );
}
