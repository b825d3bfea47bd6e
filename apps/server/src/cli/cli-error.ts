/** A refusal the operator can act on (exit code 1), printed without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}
