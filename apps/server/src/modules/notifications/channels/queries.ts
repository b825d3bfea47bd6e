// The channels' SQL (ADR 0124): what the SMS channel's recipient needs — a phone number on their
// account (the push channel's is in push/queries.ts).
export const SMS_RECIPIENT_NEEDS_SQL = 'a.phone IS NOT NULL';
