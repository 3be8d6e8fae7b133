/*
 * Errors raised on purpose: their message reads "Could not X: why. What to do." and they carry the
 * exit code the CLI ends with. Anything else that reaches the CLI entry is a bug, printed with its
 * stack. The codes are the README's exit code table.
 */

/** Bad configuration or input, a refused file, an API that stopped the job: exit 1. */
export class UserError extends Error {
  override name = 'UserError';
  readonly exitCode: number = 1;
}

/** An invalid command line: exit 64. */
export class UsageError extends UserError {
  override name = 'UsageError';
  override readonly exitCode: number = 64;
}
