// SPEC §5 password policy, enforced by the server too (a client can be bypassed), and the
// generator of policy-compliant one-time passwords for the admin CLI.
import { randomInt } from 'node:crypto';
import {
  PASSWORD_SPECIALS,
  checkPasswordRules,
  isPasswordValid,
  type PasswordRule,
} from '@vfm/contract';
import { badRequest, type FieldError } from './problem';

const RULE_MESSAGES: Record<PasswordRule, string> = {
  lowercase: 'must contain a lower-case letter',
  uppercase: 'must contain a capital letter',
  digit: 'must contain a digit',
  special: `must contain a special character (${PASSWORD_SPECIALS})`,
  length: 'must be between 8 and 30 characters long',
};

/** Field errors for a password that breaks the policy; empty when it is valid. */
export function passwordPolicyErrors(password: string, field: string): FieldError[] {
  if (isPasswordValid(password)) return [];
  const rules = checkPasswordRules(password);
  const errors = (Object.keys(RULE_MESSAGES) as PasswordRule[])
    .filter((rule) => !rules[rule])
    .map((rule) => ({ field, message: RULE_MESSAGES[rule] }));
  // every rule met but a character outside the allowed set
  if (!errors.length) {
    errors.push({
      field,
      message: `may only contain letters, digits and ${PASSWORD_SPECIALS}`,
    });
  }
  return errors;
}

/** Throws a 400 problem naming every unmet rule. */
export function assertPasswordPolicy(password: string, field: string): void {
  const errors = passwordPolicyErrors(password, field);
  if (errors.length) {
    throw badRequest(
      `${field} does not meet the password policy: ${errors.map((e) => e.message).join('; ')}.`,
      errors,
      'PASSWORD_POLICY',
    );
  }
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const pick = (chars: string) => chars[randomInt(chars.length)]!;

/** A random password meeting the policy: one of each class, then any allowed characters,
 *  shuffled (Fisher–Yates with crypto randomness). ~100 bits of entropy at 18 characters. */
export function generatePassword(length = 18): string {
  const all = LOWER + UPPER + DIGITS + PASSWORD_SPECIALS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(PASSWORD_SPECIALS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
