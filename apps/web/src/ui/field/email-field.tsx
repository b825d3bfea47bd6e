import { LOGIN_EMAIL_MAX_LENGTH } from '@vfm/contract/constants';
import { EMAIL_FORMAT_EXAMPLE } from '../forms/field-error-message';
import { TextField, type TextFieldProps } from './text-field';

/** An e-mail input of the sign-in screens (SPEC §5: at most 1000 characters, no spaces). */
export function EmailField({
  onValue,
  ...props
}: Omit<TextFieldProps, 'type' | 'onChange'> & { onValue: (value: string) => void }) {
  return (
    <TextField
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      required
      maxLength={LOGIN_EMAIL_MAX_LENGTH}
      placeholder={EMAIL_FORMAT_EXAMPLE}
      onChange={(event) => onValue(event.target.value.trim())}
      {...props}
    />
  );
}
