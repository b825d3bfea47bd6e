// Field rules of SPEC §5. Each validator answers the first broken rule, or null.
import { FIELD_MAX_LENGTH, LOGIN_EMAIL_MAX_LENGTH } from '@vfm/contract/constants';
import {
  checkPasswordRules,
  emailRegExp,
  isDisplayName,
  isPasswordValid,
  passwordRegExp,
} from '@vfm/contract/patterns';

export type FieldError =
  | { code: 'required' }
  | { code: 'emailFormat' }
  | { code: 'maxLength'; max: number }
  | { code: 'passwordCharacters' }
  | { code: 'passwordRules' }
  | { code: 'nameCharacters' }
  | { code: 'mustMatch' };

/** SPEC §5 login e-mail: required, at most 1000 characters, the e-mail pattern. */
export function validateEmail(
  value: string,
  max: number = LOGIN_EMAIL_MAX_LENGTH,
): FieldError | null {
  if (!value) return { code: 'required' };
  if (value.length > max) return { code: 'maxLength', max };
  if (!emailRegExp.test(value)) return { code: 'emailFormat' };
  return null;
}

/** A required field of at most `max` characters (SPEC §5: login password, 255). */
export function validateRequired(value: string, max: number = FIELD_MAX_LENGTH): FieldError | null {
  if (!value) return { code: 'required' };
  if (value.length > max) return { code: 'maxLength', max };
  return null;
}

/** A name others read (account full name): required, at most `max` characters, visible and
 *  without hidden or direction-changing characters — the contract's rule (docs/operations.md). */
export function validateName(value: string, max: number = FIELD_MAX_LENGTH): FieldError | null {
  const required = validateRequired(value, max);
  if (required) return required;
  return isDisplayName(value) ? null : { code: 'nameCharacters' };
}

/** SPEC §5 new password: required, 8–30 allowed characters, the four character classes. */
export function validateNewPassword(value: string): FieldError | null {
  if (!value) return { code: 'required' };
  if (value.length > FIELD_MAX_LENGTH) return { code: 'maxLength', max: FIELD_MAX_LENGTH };
  const rules = checkPasswordRules(value);
  if (rules.length && !passwordRegExp.test(value)) return { code: 'passwordCharacters' };
  if (!isPasswordValid(value)) return { code: 'passwordRules' };
  return null;
}

/** SPEC §5: the confirmation is required and must equal the password (mustMatch). */
export function validateConfirmation(password: string, confirmation: string): FieldError | null {
  if (!confirmation) return { code: 'required' };
  if (confirmation.length > FIELD_MAX_LENGTH) return { code: 'maxLength', max: FIELD_MAX_LENGTH };
  if (password !== confirmation) return { code: 'mustMatch' };
  return null;
}
