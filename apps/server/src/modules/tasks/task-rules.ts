// What every task service says alike (ADR 0090).
export const NOT_FOUND = 'This task does not exist in your fleet.';
