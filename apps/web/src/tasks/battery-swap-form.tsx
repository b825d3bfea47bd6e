// What a task leaves behind when it is finished (–5, ADR 0100): for a battery swap,
// the battery fitted — its charge (a full one by default) and its number when it has one —
// which updates the bike's battery record; with `details`, the parts used and their cost (the
// bike page's service book). Checked here as the server checks it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_PARTS_MAX, markingRegExp, type TaskFinish } from '@vfm/contract';
import { Button } from '../ui/button/button';
import styles from './tasks.module.css';

const CURRENCY = /^[A-Z]{3}$/;

export function TaskFinishForm({
  swap,
  details,
  busy,
  onSubmit,
  onBack,
}: {
  /** a battery swap: the battery fitted is asked */
  swap: boolean;
  /** the parts and the cost are asked */
  details: boolean;
  busy?: boolean;
  onSubmit(record: TaskFinish): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [level, setLevel] = useState('100');
  const [batteryNumber, setBatteryNumber] = useState('');
  const [parts, setParts] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [tried, setTried] = useState(false);
  const levelValue = Number(level);
  const levelOk =
    !swap ||
    (level.trim() !== '' && Number.isInteger(levelValue) && levelValue >= 0 && levelValue <= 100);
  const number = batteryNumber.trim();
  const numberOk = !swap || !number || markingRegExp.test(number);
  const amountValue = Number(amount.replace(',', '.'));
  const costOk =
    !details ||
    amount.trim() === '' ||
    (Number.isFinite(amountValue) &&
      amountValue >= 0 &&
      amountValue <= 1_000_000 &&
      CURRENCY.test(currency.trim().toUpperCase()));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!levelOk || !numberOk || !costOk) return;
    const record: TaskFinish = {};
    if (swap)
      record.batterySwap = {
        batteryLevel: levelValue,
        ...(number ? { batteryNumber: number } : {}),
      };
    if (details && parts.trim()) record.parts = parts.trim();
    if (details && amount.trim())
      record.cost = {
        amount: Math.round(amountValue * 100) / 100,
        currency: currency.trim().toUpperCase(),
      };
    onSubmit(record);
  };

  const error = (ok: boolean, key: string, text: string) =>
    tried && !ok ? (
      <p id={`${id}-${key}`} className={styles.error}>
        {text}
      </p>
    ) : null;
  const describedBy = (ok: boolean, key: string) => (tried && !ok ? `${id}-${key}` : undefined);

  return (
    <form className={styles.swapForm} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.swapTitle}>
        {t(swap ? 'tasks.swap.title' : 'tasks.finish.title')}
      </h3>
      {swap && (
        <>
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
              aria-describedby={describedBy(levelOk, 'level')}
              required
            />
          </label>
          {error(levelOk, 'level', t('tasks.swap.levelInvalid'))}
          <label className={styles.field}>
            <span>{t('tasks.swap.number')}</span>
            <input
              value={batteryNumber}
              maxLength={45}
              autoCapitalize="characters"
              onChange={(event) => setBatteryNumber(event.target.value)}
              aria-invalid={tried && !numberOk}
              aria-describedby={describedBy(numberOk, 'number')}
            />
          </label>
          {error(numberOk, 'number', t('tasks.swap.numberInvalid'))}
        </>
      )}
      {details && (
        <>
          <label className={styles.field}>
            <span>{t('tasks.finish.parts')}</span>
            <textarea
              rows={2}
              maxLength={TASK_PARTS_MAX}
              value={parts}
              onChange={(event) => setParts(event.target.value)}
            />
          </label>
          <div className={styles.costRow}>
            <label className={styles.field}>
              <span>{t('tasks.finish.cost')}</span>
              <input
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={tried && !costOk}
                aria-describedby={describedBy(costOk, 'cost')}
              />
            </label>
            <label className={styles.field}>
              <span>{t('tasks.finish.currency')}</span>
              <input
                value={currency}
                maxLength={3}
                autoCapitalize="characters"
                onChange={(event) => setCurrency(event.target.value)}
                aria-invalid={tried && !costOk}
              />
            </label>
          </div>
          {error(costOk, 'cost', t('tasks.finish.costInvalid'))}
        </>
      )}
      <div className={styles.actions}>
        <Button type="submit" className={styles.primary} busy={busy}>
          {t(swap ? 'tasks.swap.submit' : 'tasks.finish.submit')}
        </Button>
        <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
          {t('tasks.swap.back')}
        </Button>
      </div>
    </form>
  );
}

/** The battery fitted only (the battery swap queue). */
export function BatterySwapForm(props: {
  busy?: boolean;
  onSubmit(record: TaskFinish): void;
  onBack(): void;
}) {
  return <TaskFinishForm swap details={false} {...props} />;
}
