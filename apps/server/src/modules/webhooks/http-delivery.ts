// A webhook's attempt goes through the one outbound HTTP client (lib/outbound-http.ts, ADR 0124).
export { postWebhook, urlProblem, type AttemptResult } from '../../lib/outbound-http';
