// Validation patterns of SPEC §5, shared verbatim by the server schemas and the web forms.
// Plain values only: imported by the web bundle.

/**
 * SPEC §5: letters, digits, plus, dot, underscore and hyphen, then @, a domain of at least
 * 2 characters, a dot, and at least 2 lowercase letters.
 */
export const EMAIL_PATTERN = '^[A-Za-z0-9+._-]+@[A-Za-z0-9.-]{2,}\\.[a-z]{2,}$';

/** SPEC §5: the characters a password may be made of. */
export const PASSWORD_SPECIALS = '?!@#$%^&*()_=+{};:,<.>-';
const escapedSpecials = PASSWORD_SPECIALS.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
export const PASSWORD_PATTERN = `^[A-Za-z0-9${escapedSpecials}]{8,30}$`;

/** SPEC §5: bike frame, 1 to 45 of letters, digits, hyphen and underscore. */
export const VEHICLE_NUMBER_PATTERN = '^[A-Za-z0-9_-]{1,45}$';
/** SPEC §5: IoT code, one capital letter followed by 5 capitals or digits. */
export const IOT_CODE_PATTERN = '^[A-Z][A-Z0-9]{5}$';
/** SPEC §5: marking number and brand id. */
export const MARKING_PATTERN = '^[A-Za-z0-9._-]{1,45}$';

/**
 * A name people read — an account's full name, a fleet, a vehicle model, a group
 * (docs/operations.md): at least one character that is not a space, no control character, and none of the
 * invisible or direction-changing characters that make a name look empty or read as another:
 * soft hyphen, Arabic letter mark, zero-width space/joiners and direction marks
 * (U+200B–200F), line and paragraph separators and bidirectional embeddings and overrides
 * (U+2028–202E), word joiner, invisible operators and isolates (U+2060–2069), BOM (U+FEFF).
 */
export const DISPLAY_NAME_PATTERN =
  '^(?=\\s*\\S)[^\\u0000-\\u001F\\u007F\\u00AD\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2069\\uFEFF]*$';

export const emailRegExp = new RegExp(EMAIL_PATTERN);
export const passwordRegExp = new RegExp(PASSWORD_PATTERN);
export const vehicleNumberRegExp = new RegExp(VEHICLE_NUMBER_PATTERN);
export const iotCodeRegExp = new RegExp(IOT_CODE_PATTERN);
export const markingRegExp = new RegExp(MARKING_PATTERN);
export const displayNameRegExp = new RegExp(DISPLAY_NAME_PATTERN, 'u');

/** The name check of DISPLAY_NAME_PATTERN, for names that are not in a request schema. */
export const isDisplayName = (name: string) => displayNameRegExp.test(name);

export type PasswordRule = 'lowercase' | 'uppercase' | 'digit' | 'special' | 'length';

/** SPEC §5: the five rules of the live checklist, in display order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  'lowercase',
  'uppercase',
  'digit',
  'special',
  'length',
];

const specialsSet = new Set(PASSWORD_SPECIALS);

/** Which of the five SPEC §5 password rules a candidate meets. */
export function checkPasswordRules(password: string): Record<PasswordRule, boolean> {
  const chars = [...password];
  return {
    lowercase: chars.some((c) => c >= 'a' && c <= 'z'),
    uppercase: chars.some((c) => c >= 'A' && c <= 'Z'),
    digit: chars.some((c) => c >= '0' && c <= '9'),
    special: chars.some((c) => specialsSet.has(c)),
    length: chars.length >= 8 && chars.length <= 30,
  };
}

/** The full SPEC §5 password policy: allowed characters, length, and all four classes. */
export function isPasswordValid(password: string): boolean {
  if (!passwordRegExp.test(password)) return false;
  return Object.values(checkPasswordRules(password)).every(Boolean);
}
