// An administrator sets an account's password (SPEC §8: 'The password has been changed and the
// user can log in now.'), with the shared new-password form and its SPEC §5 checklist.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { Account } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { NewPasswordForm } from '../../../ui/new-password-form/new-password-form';
import { useSetPassword } from '../api/accounts';
import styles from './administration.module.css';

export function PasswordDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const setPassword = useSetPassword();
  return (
    <Dialog.Root open={account !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>
            {t('administration.password.title', { email: account?.email ?? '' })}
          </Dialog.Title>
          <Dialog.Description className={styles.hint}>
            {t('administration.password.hint')}
          </Dialog.Description>
          {account && (
            <NewPasswordForm
              username={account.email}
              loading={setPassword.isPending}
              submitLabel={t('administration.password.submit')}
              onSubmit={({ newPassword }) =>
                setPassword.mutate(
                  { id: account.id, password: newPassword },
                  {
                    onSuccess: () => {
                      toasts.show({
                        type: 'success',
                        message: t('messages.passwordChangedByAdmin'),
                      });
                      onClose();
                    },
                    onError: (error) =>
                      toasts.show({
                        type: 'error',
                        message: t('administration.password.failed', {
                          detail:
                            (isApiError(error) && error.problem?.detail) || t('errors.generic'),
                        }),
                      }),
                  },
                )
              }
            />
          )}
          <Dialog.Close asChild>
            <button type="button" className={styles.linkButton}>
              {t('administration.password.cancel')}
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
