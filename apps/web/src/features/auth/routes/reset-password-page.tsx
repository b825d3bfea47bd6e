// SPEC §2 /auth/reset-password: an e-mail field, Cancel (back to login) and Send. SPEC §4:
// sending leads to the success page even when the call fails, so the outcome is not revealed.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { useServices } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { EmailField } from '../../../ui/field/email-field';
import { fieldErrorMessage } from '../../../ui/forms/field-error-message';
import { validateEmail } from '../../../ui/forms/validators';
import { requestPasswordReset } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import styles from '../components/auth-card.module.css';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  const { http, appInfo } = useServices();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailError = validateEmail(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (emailError || busy) return;
    setBusy(true);
    await requestPasswordReset(http, email, appInfo.key).catch(() => undefined);
    await navigate('/auth/reset-password-success');
  };

  return (
    <AuthCard
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      icon={<KeyRound size={28} />}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <EmailField
          label={t('auth.reset.email')}
          value={email}
          onValue={setEmail}
          onBlur={() => email && setTouched(true)}
          error={touched ? fieldErrorMessage(t, emailError) : undefined}
          autoFocus
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void navigate('/auth/login')}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={Boolean(emailError)}>
            {t('common.send')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
