// The webhooks' SQL (ADR 0088), one file per concern (ADR 0112): the endpoints, and their
// failures' breaker and mails. Deliveries and attempts are delivery/queries/.
export * from './endpoints';
export * from './breaker';
