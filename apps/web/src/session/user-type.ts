// SPEC §4/§6: the user type comes from the ROLES claim; ADMIN takes precedence over USER.

export type UserType = 'ADMIN' | 'USER' | 'UNKNOWN';

export function roleOfUser(applicationKey: string): string {
  return `ROLE_${applicationKey}`;
}

export function roleOfAdmin(applicationKey: string): string {
  return `ROLE_${applicationKey}_ADMIN`;
}

/** A field technician (ADR 0090): this role beside the user's; a user type USER. */
export function roleOfTechnician(applicationKey: string): string {
  return `ROLE_${applicationKey}_TECHNICIAN`;
}

/** Whether the roles make a field technician (the administrator role wins, as on the server). */
export function isTechnicianOf(roles: readonly string[] | undefined, applicationKey: string) {
  return (
    !!roles &&
    userTypeOf(roles, applicationKey) === 'USER' &&
    roles.includes(roleOfTechnician(applicationKey))
  );
}

export function userTypeOf(roles: readonly string[] | undefined, applicationKey: string): UserType {
  if (!roles) return 'UNKNOWN';
  if (roles.includes(roleOfAdmin(applicationKey))) return 'ADMIN';
  if (roles.includes(roleOfUser(applicationKey))) return 'USER';
  return 'UNKNOWN';
}
