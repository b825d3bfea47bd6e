// The webhooks' deliveries (ADR 0088), one file per concern (ADR 0112): deliveries and their
// attempts, and the slots that pace them.
export * from './deliveries';
export * from './slots';
