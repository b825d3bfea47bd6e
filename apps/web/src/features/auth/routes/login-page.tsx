// SPEC §2 /auth/login: e-mail and password (show/hide toggle), privacy policy link from the
// application settings, 'Forgot your password?' link and 'Log in'. SPEC §5: the button is
// disabled while the form is invalid or a request runs. SPEC §8: 403 or a missing role →
// 'Incorrect login/password…'; any other error → 'An error occurred during authentication…'.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX_LENGTH } from '@vfm/contract/constants';
import { isApiError } from '../../../api/api-error';
import { useApplicationSettings } from '../../../account/get-application-settings';
import { useServices } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { RoleMissingError, completeLogin } from '../../../account/login-flow';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { PasswordField } from '../../../ui/field/password-field';
import { EmailField } from '../../../ui/field/email-field';
import { fieldErrorMessage } from '../../../ui/forms/field-error-message';
import { validateEmail, validateRequired } from '../../../ui/forms/validators';
import { login } from '../../../api/login';
import { AuthCard } from '../components/auth-card';
import styles from '../components/auth-card.module.css';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  const services = useServices();
  const navigate = useNavigate();
  const privacyPolicyUrl = useApplicationSettings().data?.privacyPolicyUrl;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const emailError = validateEmail(email);
  const passwordError = validateRequired(password, FIELD_MAX_LENGTH);
  const valid = !emailError && !passwordError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const pair = await login(services.http, {
        email,
        password,
        application: services.appInfo.key,
      });
      const outcome = await completeLogin({ ...services, navigate }, pair);
      if (outcome.kind === 'reload') return; // the page is going away
    } catch (failure) {
      const forbidden = failure instanceof RoleMissingError || isApiError(failure, 403);
      setError(forbidden ? t('errors.loginForbidden') : t('errors.loginFailed'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.subtitle')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && <InlineAlert>{error}</InlineAlert>}
        <EmailField
          label={t('auth.login.email')}
          value={email}
          onValue={setEmail}
          onBlur={() => email && setTouched((v) => ({ ...v, email: true }))}
          error={touched.email ? fieldErrorMessage(t, emailError) : undefined}
          autoFocus
        />
        <PasswordField
          label={t('auth.login.password')}
          name="password"
          autoComplete="current-password"
          required
          maxLength={FIELD_MAX_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => password && setTouched((v) => ({ ...v, password: true }))}
          error={touched.password ? fieldErrorMessage(t, passwordError) : undefined}
        />
        <div className={styles.row}>
          <Link to="/auth/reset-password" className={styles.link}>
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" block busy={busy} disabled={!valid}>
          {t('auth.login.submit')}
        </Button>
        {privacyPolicyUrl && (
          <div className={styles.row} style={{ justifyContent: 'center' }}>
            <a
              href={privacyPolicyUrl}
              className={styles.mutedLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('auth.login.privacyPolicy')}
            </a>
          </div>
        )}
      </form>
    </AuthCard>
  );
}
