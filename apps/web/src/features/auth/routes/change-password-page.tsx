// SPEC §2 /auth/change-password and /auth/account-validation: a 'Reset password' screen with
// the new-password form; query parameters email and token. SPEC §4: on success the tokens are
// cleared and the user goes to login; on error the tokens are cleared and an error is shown
// (SPEC §8: 406 → must differ from the previous one; anything else → generic message).
// The validation link of an account created by an admin sets its first password this way.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LockKeyhole, UserRoundCheck } from 'lucide-react';
import { isApiError } from '../../../api/api-error';
import { useChangePassword } from '../../../account/change-password';
import { useServices } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import {
  NewPasswordForm,
  type NewPasswordValue,
} from '../../../ui/new-password-form/new-password-form';
import { useToast } from '../../../ui/toast/toast-context';
import { AuthCard } from '../components/auth-card';
import styles from '../components/auth-card.module.css';

export function ChangePasswordPage({ mode }: { mode: 'reset' | 'validation' }) {
  const { t } = useTranslation();
  usePageTitle(t('auth.changePassword.title'));
  const { session } = useServices();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const submit = ({ newPassword }: NewPasswordValue) => {
    setError(null);
    change.mutate(
      { email, newPassword, password: '', token },
      {
        onSuccess: () => {
          session.clear();
          toast.show({ type: 'success', message: t('messages.yourPasswordChanged') });
          void navigate('/auth/login', { replace: true });
        },
        onError: (failure) => {
          session.clear();
          setError(
            isApiError(failure, 406) ? t('errors.passwordSame') : t('errors.passwordFailed'),
          );
        },
      },
    );
  };

  const complete = Boolean(email && token);
  const intro = complete
    ? t(mode === 'validation' ? 'auth.changePassword.welcome' : 'auth.changePassword.intro', {
        email,
      })
    : undefined;

  return (
    <AuthCard
      title={t('auth.changePassword.title')}
      intro={intro}
      icon={mode === 'validation' ? <UserRoundCheck size={28} /> : <LockKeyhole size={28} />}
    >
      <div className={styles.form}>
        {!complete && (
          <InlineAlert type="warning">{t('auth.changePassword.missingLink')}</InlineAlert>
        )}
        {error && <InlineAlert>{error}</InlineAlert>}
        {complete && (
          <NewPasswordForm onSubmit={submit} loading={change.isPending} username={email} />
        )}
        <div className={styles.row} style={{ justifyContent: 'center' }}>
          <Link to="/auth/login" className={styles.link}>
            {t('auth.changePassword.backToLogin')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}

export function ResetChangePasswordPage() {
  return <ChangePasswordPage mode="reset" />;
}

export function AccountValidationPage() {
  return <ChangePasswordPage mode="validation" />;
}
