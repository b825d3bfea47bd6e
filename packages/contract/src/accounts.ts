import { Type, type Static } from '@sinclair/typebox';
import { ACCOUNT_STATUSES } from './enums';
import { FIELD_MAX_LENGTH, LOGIN_EMAIL_MAX_LENGTH, PHOTO_MAX_LENGTH } from './constants';
import { DISPLAY_NAME_PATTERN, EMAIL_PATTERN } from './patterns';
import { DateTime, Nullable, Page, StringEnum } from './schema-helpers';
import { LanguageSchema } from './settings';
import { pagingProperties } from './bike-records';

const strict = { additionalProperties: false } as const;

/** A profile photo as a data URL (png, jpeg or webp), at most PHOTO_MAX_LENGTH characters. */
export const PhotoSchema = Type.String({
  pattern: '^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$',
  maxLength: PHOTO_MAX_LENGTH,
});

/**
 * The version of a profile photo, null without one (ADR 0079): the photo itself is served by
 * GET accounts/{id}/photo with this version as its ETag, so lists and profiles stay small and a
 * client fetches a photo again only when its version changes.
 */
const PhotoVersion = Nullable(Type.String({ maxLength: 64 }));

/** A phone number in E.164 (+, the country code, at most 15 digits): the SMS channel's
 *  recipient (ADR 0124). Shown to the account itself and its fleet's administrators only. */
export const PHONE_PATTERN = '^\\+[1-9][0-9]{6,14}$';
export const PhoneSchema = Type.String({ pattern: PHONE_PATTERN, maxLength: 16 });

export const AccountSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    fullName: Type.String(),
    description: Type.String(),
    photoVersion: PhotoVersion,
    /** E.164, null when not given (ADR 0124) */
    phone: Nullable(Type.String()),
    roles: Type.Array(Type.String()),
    admin: Type.Boolean(),
    status: StringEnum(ACCOUNT_STATUSES),
    language: LanguageSchema,
    createdAt: DateTime(),
    lastLoginAt: Nullable(DateTime()),
  },
  strict,
);
export type Account = Static<typeof AccountSchema>;

/** No control characters (PostgreSQL text cannot even hold NUL); a description may have
 *  line breaks and tabs. */
const NO_CONTROL_CHARS_BUT_BREAKS = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';
const NO_CONTROL_CHARS = '^[^\\u0000-\\u001F\\u007F]*$';

/** The columns GET accounts sorts by (then by e-mail, unique). */
export const ACCOUNT_SORT_FIELDS = ['name', 'email', 'role', 'status', 'lastLogin'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];
export const ACCOUNT_SORT_PATTERN = `^(${ACCOUNT_SORT_FIELDS.join('|')})(,(asc|desc))?$`;

/** GET accounts: a page of the fleet's accounts, searched and sorted by the server. */
export const AccountListQuerySchema = Type.Object(
  {
    ...pagingProperties(50),
    /** the full name or the e-mail contains this (case-insensitive) */
    q: Type.Optional(Type.String({ maxLength: FIELD_MAX_LENGTH, pattern: NO_CONTROL_CHARS })),
    /** `column` or `column,asc|desc` (default name,asc) */
    sort: Type.Optional(Type.String({ pattern: ACCOUNT_SORT_PATTERN, default: 'name,asc' })),
  },
  strict,
);
export type AccountListQuery = Static<typeof AccountListQuerySchema>;
export const AccountListSchema = Page(AccountSchema);
export type AccountList = Static<typeof AccountListSchema>;

/** a name others read: not blank, no invisible or direction-changing characters (docs/operations.md);
 *  the pattern needs a visible character, so an empty name is one issue, not two */
const FullName = Type.String({
  maxLength: FIELD_MAX_LENGTH,
  pattern: DISPLAY_NAME_PATTERN,
});
const Description = Type.String({
  maxLength: FIELD_MAX_LENGTH,
  pattern: NO_CONTROL_CHARS_BUT_BREAKS,
});

export const AccountCreateSchema = Type.Object(
  {
    email: Type.String({ pattern: EMAIL_PATTERN, maxLength: LOGIN_EMAIL_MAX_LENGTH }),
    fullName: FullName,
    description: Type.Optional(Description),
    admin: Type.Optional(Type.Boolean({ default: false })),
    /** a field technician (docs/tasks.md): not with `admin` */
    technician: Type.Optional(Type.Boolean({ default: false })),
    /** language of the validation e-mail and of the account's settings */
    language: Type.Optional(LanguageSchema),
  },
  strict,
);
export type AccountCreate = Static<typeof AccountCreateSchema>;

export const AccountUpdateSchema = Type.Object(
  {
    fullName: Type.Optional(FullName),
    description: Type.Optional(Description),
    admin: Type.Optional(Type.Boolean()),
    /** a field technician (docs/tasks.md): not with `admin` */
    technician: Type.Optional(Type.Boolean()),
    language: Type.Optional(LanguageSchema),
    /** null removes it */
    phone: Type.Optional(Nullable(PhoneSchema)),
  },
  { ...strict, minProperties: 1 },
);
export type AccountUpdate = Static<typeof AccountUpdateSchema>;

/** The signed-in account as it sees itself: its account's identity, and its fleet. */
export const MeSchema = Type.Composite(
  [
    Type.Pick(AccountSchema, [
      'id',
      'email',
      'fullName',
      'description',
      'photoVersion',
      'phone',
      'roles',
    ]),
    Type.Object({ fleet: Type.Object({ id: Type.String(), name: Type.String() }, strict) }),
  ],
  strict,
);
export type Me = Static<typeof MeSchema>;

export const MeUpdateSchema = Type.Object(
  {
    fullName: Type.Optional(FullName),
    description: Type.Optional(Description),
    /** null removes the photo */
    photo: Type.Optional(Nullable(PhotoSchema)),
    /** the SMS notifications' number (E.164); null removes it */
    phone: Type.Optional(Nullable(PhoneSchema)),
  },
  { ...strict, minProperties: 1 },
);
export type MeUpdate = Static<typeof MeUpdateSchema>;

export const SetPasswordSchema = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: FIELD_MAX_LENGTH }) },
  strict,
);
export type SetPassword = Static<typeof SetPasswordSchema>;

/** GET / PUT / DELETE accounts/{id}, PUT accounts/{id}/password. */
export const AccountParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) }, strict);

/** DELETE accounts?ids=a&ids=b (or ids=a,b): all or nothing. */
export const AccountIdsQuerySchema = Type.Object(
  { ids: Type.Array(Type.String({ maxLength: 16_384 }), { minItems: 1 }) },
  strict,
);
