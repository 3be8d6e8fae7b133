import type { Options } from 'yargs';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from '../api/retry-policy.js';

/** The time budgets of the retries, in seconds on the command line and in job files (`api.max_rate_wait`…). */
export const WAIT_OPTIONS = {
  'max-rate-wait': {
    type: 'number',
    describe: `Seconds one request waits out 429 answers before it fails (default ${DEFAULT_RETRY_OPTIONS.maxRateWaitMs / 1000})`,
  },
  'max-outage': {
    type: 'number',
    describe: `Seconds one request waits out an outage (5xx, timeouts, lost connections) before it fails (default ${DEFAULT_RETRY_OPTIONS.maxOutageMs / 1000})`,
  },
  'max-retry-after': {
    type: 'number',
    describe: `A Retry-After longer than this many seconds stops the run at once, exit 1 (default ${DEFAULT_RETRY_OPTIONS.maxRetryAfterMs / 1000})`,
  },
} as const satisfies Record<string, Options>;

export interface WaitSeconds {
  'max-rate-wait'?: number | undefined;
  'max-outage'?: number | undefined;
  'max-retry-after'?: number | undefined;
}

/** A usage problem with the wait options, or undefined: each must be a number of seconds, at least 0. */
export function checkWaitOptions(argv: WaitSeconds): string | undefined {
  const wrong = (Object.keys(WAIT_OPTIONS) as (keyof WaitSeconds)[]).filter((name) => {
    const value = argv[name];
    return value !== undefined && !(Number.isFinite(value) && value >= 0);
  });
  return wrong.length === 0 ? undefined : wrong.map((name) => `--${name} must be a number of seconds, 0 or more`).join('; ');
}

/** The retry settings the options give; those not given keep the client's defaults. */
export function toRetryOptions(seconds: WaitSeconds): Partial<RetryOptions> {
  const ms = (value: number | undefined) => (value === undefined ? undefined : value * 1000);
  const options = { maxRateWaitMs: ms(seconds['max-rate-wait']), maxOutageMs: ms(seconds['max-outage']), maxRetryAfterMs: ms(seconds['max-retry-after']) };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
