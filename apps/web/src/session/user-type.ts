// SPEC §4/§6: the user type comes from the ROLES claim; ADMIN takes precedence over USER.

export type UserType = 'ADMIN' | 'USER' | 'UNKNOWN';

export function roleOfUser(applicationKey: string): string {
  return `ROLE_${applicationKey}`;
}

export function roleOfAdmin(applicationKey: string): string {
  return `ROLE_${applicationKey}_ADMIN`;
}

export function userTypeOf(roles: readonly string[] | undefined, applicationKey: string): UserType {
  if (!roles) return 'UNKNOWN';
  if (roles.includes(roleOfAdmin(applicationKey))) return 'ADMIN';
  if (roles.includes(roleOfUser(applicationKey))) return 'USER';
  return 'UNKNOWN';
}
