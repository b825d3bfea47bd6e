// The alerts' SQL (ADR 0081): the reconciliation of the stored alerts with their conditions
// (reconcile.ts), and the alerts' rows as the API reads and changes them (alerts.ts).
export * from './reconcile';
export * from './alerts';
