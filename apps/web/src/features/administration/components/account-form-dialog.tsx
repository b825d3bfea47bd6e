// Create or edit an account (docs/web.md): e-mail (create only), full name,
// description, role, language, the phone number of the SMS notifications (edit only, E.164:
// ADR 0124); SPEC §5 patterns checked before sending, the server's field
// errors and conflicts (e-mail taken, self-demotion) shown on the form.
import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  LANGUAGE_LABELS,
  ROLE_TECHNICIAN,
  type Language,
} from '@vfm/contract/constants';
import { PHONE_PATTERN, type Account } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { fieldErrorMessage } from '../../../ui/forms/field-error-message';
import { validateEmail, validateName } from '../../../ui/forms/validators';
import { useCreateAccount, useUpdateAccount } from '../api/accounts';
import styles from './administration.module.css';

export function AccountFormDialog({
  account,
  open,
  onOpenChange,
}: {
  /** the account to edit; null to create one */
  account: Account | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>
            {account
              ? t('administration.form.editTitle', { email: account.email })
              : t('administration.form.createTitle')}
          </Dialog.Title>
          {open && <AccountForm account={account} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const ACCOUNT_ROLES = ['manager', 'technician', 'admin'] as const;
type AccountRole = (typeof ACCOUNT_ROLES)[number];
const ROLE_LABELS = {
  manager: 'administration.form.roleManager',
  technician: 'administration.form.roleTechnician',
  admin: 'administration.form.roleAdmin',
} as const;

export function roleOf(account: Pick<Account, 'admin' | 'roles'> | null): AccountRole {
  if (account?.admin) return 'admin';
  return account?.roles.includes(ROLE_TECHNICIAN) ? 'technician' : 'manager';
}

function AccountForm({ account, onDone }: { account: Account | null; onDone(): void }) {
  const { t } = useTranslation();
  const { toasts, language } = useServices();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const [values, setValues] = useState({
    email: account?.email ?? '',
    fullName: account?.fullName ?? '',
    description: account?.description ?? '',
    // docs/tasks.md: manager, field technician or administrator, one of them
    role: roleOf(account),
    language: (account?.language ?? language) as Language,
    phone: account?.phone ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const emailError = account ? null : validateEmail(values.email);
  const nameError = validateName(values.fullName.trim());
  // spaces, dots and dashes as people write numbers; E.164 once they are gone
  const phone = values.phone.replace(/[\s.()-]/g, '');
  const phoneError =
    phone !== '' && !new RegExp(PHONE_PATTERN).test(phone)
      ? t('administration.form.phoneInvalid')
      : undefined;
  const shown = (field: string, error: Parameters<typeof fieldErrorMessage>[1]) =>
    serverErrors[field] ?? (submitted ? fieldErrorMessage(t, error) : undefined);

  const change = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined as never }));
  };

  const onError = (error: unknown) => {
    const problem = isApiError(error) ? error.problem : null;
    if (problem?.code === 'EMAIL_TAKEN') {
      setServerErrors({ email: t('administration.form.emailTaken') });
      return;
    }
    if (problem?.code === 'SELF_DEMOTION') {
      setFailure(t('administration.form.selfDemote'));
      return;
    }
    if (problem?.errors?.length) {
      setServerErrors(
        Object.fromEntries(problem.errors.map((e) => [e.field.replace(/^\//, ''), e.message])),
      );
      return;
    }
    setFailure(t('administration.form.failed', { detail: problem?.detail || t('errors.generic') }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (emailError || nameError || phoneError) return;
    const body = {
      fullName: values.fullName.trim(),
      description: values.description,
      admin: values.role === 'admin',
      technician: values.role === 'technician',
      language: values.language,
    };
    if (account) {
      update.mutate(
        {
          id: account.id,
          ...body,
          ...((phone || null) !== (account.phone ?? null) ? { phone: phone || null } : {}),
        },
        {
          onSuccess: () => {
            toasts.show({ type: 'success', message: t('administration.form.saved') });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { email: values.email, ...body },
        {
          onSuccess: () => {
            toasts.show({
              type: 'success',
              message: t('administration.form.created', { email: values.email }),
            });
            onDone();
          },
          onError,
        },
      );
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {!account && <p className={styles.hint}>{t('administration.form.createHint')}</p>}
      {failure && <InlineAlert>{failure}</InlineAlert>}
      {!account && (
        <TextField
          label={t('administration.form.email')}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(event) => change('email', event.target.value.trim())}
          error={shown('email', emailError)}
          required
        />
      )}
      <TextField
        label={t('administration.form.fullName')}
        value={values.fullName}
        onChange={(event) => change('fullName', event.target.value)}
        error={shown('fullName', nameError)}
        autoComplete="off"
        required
      />
      <TextField
        label={t('administration.form.description')}
        hint={t('administration.form.descriptionHint')}
        value={values.description}
        onChange={(event) => change('description', event.target.value)}
        error={serverErrors.description}
        autoComplete="off"
      />
      {account && (
        <TextField
          label={t('administration.form.phone')}
          hint={t('administration.form.phoneHint')}
          type="tel"
          inputMode="tel"
          maxLength={24}
          value={values.phone}
          onChange={(event) => change('phone', event.target.value)}
          error={serverErrors.phone ?? phoneError}
          autoComplete="off"
        />
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('administration.form.role')}</legend>
        {ACCOUNT_ROLES.map((role) => (
          <label key={role} className={styles.option}>
            <input
              type="radio"
              name="role"
              checked={values.role === role}
              onChange={() => change('role', role)}
            />
            <span>{t(ROLE_LABELS[role])}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.select}>
        <span>{t('administration.form.language')}</span>
        <select
          value={values.language}
          onChange={(event) => change('language', event.target.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_LABELS[code]}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.buttons}>
        <Dialog.Close asChild>
          <Button variant="secondary">{t('administration.form.cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" busy={busy}>
          {account ? t('administration.form.save') : t('administration.form.create')}
        </Button>
      </div>
    </form>
  );
}
