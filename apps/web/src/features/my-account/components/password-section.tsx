// My account — change the own password: the new-password form with the current password
// (SPEC §5). POST auth/change-password without a token: the current password is the proof.
// The server ends every session of the account on a password change, so the page signs in
// again with the new password to keep the user where they are; if that fails, logout.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useChangePassword } from '../../../account/change-password';
import { login } from '../../../api/login';
import { useServices } from '../../../services/services';
import { logout } from '../../../account/login-flow';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import {
  NewPasswordForm,
  type NewPasswordValue,
} from '../../../ui/new-password-form/new-password-form';
import { Panel } from '../../../ui/page/page';
import { useToast } from '../../../ui/toast/toast-context';
import styles from './my-account.module.css';

export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const services = useServices();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const signInAgain = async (newPassword: string) => {
    try {
      const pair = await login(services.http, {
        email,
        password: newPassword,
        application: services.appInfo.key,
      });
      services.session.storeTokens(pair);
    } catch {
      await logout(services);
    }
  };

  const submit = ({ currentPassword, newPassword }: NewPasswordValue) => {
    setError(null);
    change.mutate(
      { email, newPassword, password: currentPassword, token: '' },
      {
        onSuccess: async () => {
          await signInAgain(newPassword);
          toast.show({ type: 'success', message: t('messages.yourPasswordChanged') });
        },
        onError: (failure) =>
          setError(
            isApiError(failure, 406) ? t('errors.passwordSame') : t('errors.passwordFailed'),
          ),
      },
    );
  };

  return (
    <Panel
      id="password"
      title={t('myAccount.password.title')}
      intro={t('myAccount.password.intro')}
    >
      <div className={styles.narrow}>
        {error && <InlineAlert>{error}</InlineAlert>}
        <NewPasswordForm
          requireCurrentPassword
          onSubmit={submit}
          loading={change.isPending}
          username={email}
        />
      </div>
    </Panel>
  );
}
