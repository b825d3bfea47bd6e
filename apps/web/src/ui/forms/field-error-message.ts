// The translated message of a field error.
import type { TFunction } from 'i18next';
import { PASSWORD_SPECIALS } from '@vfm/contract/patterns';
import type { FieldError } from './validators';

/** the example shown in 'Please fill in your email in the format {email}' (SPEC §8) */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';

export function fieldErrorMessage(t: TFunction, error: FieldError | null): string | undefined {
  if (!error) return undefined;
  switch (error.code) {
    case 'required':
      return t('validation.required');
    case 'emailFormat':
      return t('validation.emailFormat', { email: EMAIL_FORMAT_EXAMPLE });
    case 'maxLength':
      return t('validation.maxLength', { max: error.max });
    case 'passwordCharacters':
      return t('validation.passwordCharacters', { specials: PASSWORD_SPECIALS });
    case 'passwordRules':
      return t('validation.passwordRules');
    case 'nameCharacters':
      return t('validation.nameCharacters');
    case 'mustMatch':
      return t('password.mismatch');
  }
}
