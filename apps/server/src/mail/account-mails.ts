// The two account e-mails (DESIGN §5 "Auth"): reset-password and account-validation, in the
// recipient's language (their stored language, else the request's; unknown → en texts).
import {
  isLanguage,
  RESET_TOKEN_TTL_MINUTES,
  VALIDATION_TOKEN_TTL_DAYS,
  type Language,
} from '@vfm/contract';
import type { MailMessage } from './mailer';
import { MAIL_TEXTS } from './templates/messages';
import { interpolate, layoutMessage, type MailLayout } from './templates/layout';

export interface AccountMailInput {
  to: string;
  fullName: string;
  language: Language;
  /** the link with its token; logged in file mode only */
  link: string;
}

/** The language an e-mail is written in: the recipient's stored one, else the request's. */
export function mailLanguage(stored: string | null | undefined, requestLanguage: Language) {
  return isLanguage(stored) ? stored : requestLanguage;
}

/** `base` with email, token and lang added to its query (SPEC §2 change-password links). */
export function linkWithToken(base: string, email: string, token: string, lang: Language) {
  const url = new URL(base);
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  url.searchParams.set('lang', lang);
  return url.toString();
}

type Kind = 'reset' | 'validation';

function accountMail(kind: Kind, input: AccountMailInput): MailMessage {
  const texts = MAIL_TEXTS[input.language] ?? MAIL_TEXTS.en;
  const values = {
    name: input.fullName,
    email: input.to,
    minutes: RESET_TOKEN_TTL_MINUTES,
    days: VALIDATION_TOKEN_TTL_DAYS,
  };
  const t = (template: string) => interpolate(template, values);
  const layout: MailLayout = {
    language: input.language,
    subject: t(kind === 'reset' ? texts.resetSubject : texts.validationSubject),
    greeting: t(input.fullName.trim() ? texts.greeting : texts.greetingNoName),
    before: [t(kind === 'reset' ? texts.resetIntro : texts.validationIntro)],
    action: {
      label: t(kind === 'reset' ? texts.resetAction : texts.validationAction),
      url: input.link,
    },
    after:
      kind === 'reset'
        ? [t(texts.resetValidity), t(texts.resetIgnore)]
        : [t(texts.validationValidity)],
    linkFallback: t(texts.linkFallback),
    signature: t(texts.signature),
  };
  return layoutMessage(input.to, layout);
}

export const resetPasswordMail = (input: AccountMailInput) => accountMail('reset', input);
export const accountValidationMail = (input: AccountMailInput) => accountMail('validation', input);
