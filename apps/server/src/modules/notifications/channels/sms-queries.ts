// The SMS channel's SQL (ADR 0124): what a recipient needs — a phone number on their account.
export const SMS_RECIPIENT_NEEDS_SQL = 'a.phone IS NOT NULL';
