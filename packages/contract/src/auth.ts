import { Type, type Static } from '@sinclair/typebox';
import { FIELD_MAX_LENGTH, LOGIN_EMAIL_MAX_LENGTH } from './constants';
import { EMAIL_PATTERN } from './patterns';

const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: LOGIN_EMAIL_MAX_LENGTH });
const Application = Type.String({ minLength: 1, maxLength: 64 });
const OpaqueToken = Type.String({ minLength: 1, maxLength: 512 });
const strict = { additionalProperties: false } as const;

export const LoginRequestSchema = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: FIELD_MAX_LENGTH }),
    application: Application,
  },
  strict,
);
export type LoginRequest = Static<typeof LoginRequestSchema>;

export const TokenPairSchema = Type.Object(
  { jwtToken: Type.String(), jwtRefreshToken: Type.String() },
  strict,
);
export type TokenPair = Static<typeof TokenPairSchema>;

export const RefreshRequestSchema = Type.Object({ refreshToken: OpaqueToken }, strict);
export type RefreshRequest = Static<typeof RefreshRequestSchema>;

export const LogoutRequestSchema = Type.Object({ refreshToken: OpaqueToken }, strict);
export type LogoutRequest = Static<typeof LogoutRequestSchema>;

export const ValidationRequestSchema = Type.Object({ token: OpaqueToken }, strict);
export type ValidationRequest = Static<typeof ValidationRequestSchema>;

export const ResetPasswordRequestSchema = Type.Object(
  {
    email: Email,
    application: Application,
    redirectUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  strict,
);
export type ResetPasswordRequest = Static<typeof ResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = Type.Object(
  {
    email: Email,
    newPassword: Type.String({ minLength: 1, maxLength: FIELD_MAX_LENGTH }),
    /** The current password; may be empty when a reset or validation token is given. */
    password: Type.Optional(Type.String({ maxLength: FIELD_MAX_LENGTH })),
    application: Application,
    /** Reset or account-validation token from the e-mailed link; empty for a signed-in change. */
    token: Type.Optional(Type.String({ maxLength: 512 })),
  },
  strict,
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

/** Claims of the access token that the web client reads (SPEC §3) plus the server's own. */
export interface AccessTokenClaims {
  /** user (account) id */
  ID: string;
  /** e-mail */
  sub: string;
  ROLES: string[];
  /** fleet id */
  fleet: string;
  /** session (refresh-token family) id, checked on every request */
  sid: string;
  iss: string;
  aud: string;
  exp: number;
  iat: number;
}

/** Page of the e-mailed account-validation link (SPEC §2), below PUBLIC_URL. */
export const ACCOUNT_VALIDATION_PATH = '/auth/account-validation';
