// The new-password form of SPEC §5: new password and confirmation (and the current password
// when required), a live checklist of the five rules and a match line. Submit is enabled only
// when the form is valid, not loading and modified; submitting emits the current and new
// password and resets the form.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Circle, CircleCheck, CircleX } from 'lucide-react';
import { FIELD_MAX_LENGTH } from '@vfm/contract/constants';
import { PASSWORD_RULES, checkPasswordRules } from '@vfm/contract/patterns';
import { Button } from '../button/button';
import { PasswordField } from '../field/password-field';
import { fieldErrorMessage } from '../forms/field-error-message';
import {
  validateConfirmation,
  validateNewPassword,
  validateRequired,
  type FieldError,
} from '../forms/validators';
import styles from './new-password-form.module.css';

export interface NewPasswordValue {
  currentPassword: string;
  newPassword: string;
}

export interface NewPasswordFormProps {
  onSubmit: (value: NewPasswordValue) => void;
  requireCurrentPassword?: boolean;
  loading?: boolean;
  submitLabel?: string;
  /** the account's e-mail, for password managers */
  username?: string;
}

const EMPTY = { current: '', password: '', confirmation: '' };
type FieldName = keyof typeof EMPTY;

/** Only the errors the checklist and match line do not already say. */
function shownError(error: FieldError | null, touched: boolean): FieldError | null {
  if (!error) return null;
  if (error.code === 'passwordRules' || error.code === 'mustMatch') return null;
  if (error.code === 'required' && !touched) return null;
  return error;
}

export function NewPasswordForm({
  onSubmit,
  requireCurrentPassword = false,
  loading = false,
  submitLabel,
  username,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const checklistId = useId();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Record<FieldName, boolean>>({
    current: false,
    password: false,
    confirmation: false,
  });

  const errors = {
    current: requireCurrentPassword ? validateRequired(values.current) : null,
    password: validateNewPassword(values.password),
    confirmation: validateConfirmation(values.password, values.confirmation),
  };
  const valid = !errors.current && !errors.password && !errors.confirmation;
  const modified = Object.values(values).some((value) => value !== '');
  const rules = checkPasswordRules(values.password);
  const matches = values.password === values.confirmation;

  const change = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  // errors show once something was typed: an error appearing on the blur of an empty field
  // would move the page under the pointer of whoever is clicking elsewhere
  const blur = (name: FieldName) => () => {
    if (values[name]) setTouched((v) => ({ ...v, [name]: true }));
  };

  const field = (name: FieldName, label: string, autoComplete: string, describedBy?: string) => (
    <PasswordField
      label={label}
      name={name === 'password' ? 'new-password' : `${name}-password`}
      autoComplete={autoComplete}
      required
      maxLength={FIELD_MAX_LENGTH}
      value={values[name]}
      onChange={change(name)}
      onBlur={blur(name)}
      aria-describedby={describedBy}
      error={fieldErrorMessage(t, shownError(errors[name], touched[name]))}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || loading || !modified) return;
    onSubmit({ currentPassword: values.current, newPassword: values.password });
    setValues(EMPTY);
    setTouched({ current: false, password: false, confirmation: false });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {username !== undefined && (
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
      )}
      {requireCurrentPassword && field('current', t('password.current'), 'current-password')}
      {field('password', t('password.new'), 'new-password', checklistId)}
      <div className={styles.checklist} id={checklistId}>
        <p className={styles.checklistTitle}>{t('password.rulesTitle')}</p>
        <ul>
          {PASSWORD_RULES.map((rule) => (
            <li
              key={rule}
              className={rules[rule] ? styles.ok : styles.pending}
              data-rule={rule}
              data-ok={rules[rule]}
            >
              {rules[rule] ? (
                <Check size={16} aria-hidden="true" />
              ) : (
                <Circle size={16} aria-hidden="true" />
              )}
              <span>{t(`password.rules.${rule}`)}</span>
              <span className="visually-hidden">
                {' '}
                ({rules[rule] ? t('password.ruleMet') : t('password.ruleNotMet')})
              </span>
            </li>
          ))}
        </ul>
      </div>
      {field('confirmation', t('password.confirm'), 'new-password')}
      {(values.confirmation !== '' || touched.confirmation) && (
        <p
          className={`${styles.match} ${matches ? styles.matchOk : styles.matchKo}`}
          data-testid="password-match"
          aria-live="polite"
        >
          {matches ? (
            <CircleCheck size={16} aria-hidden="true" />
          ) : (
            <CircleX size={16} aria-hidden="true" />
          )}
          {matches ? t('password.match') : t('password.mismatch')}
        </p>
      )}
      <Button type="submit" block busy={loading} disabled={!valid || !modified}>
        {submitLabel ?? t('password.submit')}
      </Button>
    </form>
  );
}
