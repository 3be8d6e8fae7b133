import type { Options } from 'yargs';
import { DEFAULT_CONCURRENCY } from '../api/api-client.js';
import { DEFAULT_RATE_PER_MINUTE } from '../api/facts/service-facts.js';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from '../api/transport/retry-policy.js';
import type { ApiSessionOptions } from './api-session.js';
import type { GlobalOptions } from './command-context.js';

/** The time budgets of retries, in seconds on the command line (job files: `api.max_rate_wait` and the like). */
export const RETRY_FLAG_OPTIONS = {
  'max-rate-wait': { type: 'number', default: DEFAULT_RETRY_OPTIONS.maxRateWaitMs / 1000, describe: 'Seconds one request may go on being answered 429, from the first, before its row fails and its organization is given up for the run' },
  'max-retry-after': { type: 'number', default: DEFAULT_RETRY_OPTIONS.maxRetryAfterMs / 1000, describe: "A Retry-After longer than this many seconds gives up its organization for the run: its rows fail as not sent, the others go on" },
  'max-outage': { type: 'number', default: DEFAULT_RETRY_OPTIONS.maxOutageMs / 1000, describe: 'Seconds one request keeps trying through 5xx, timeouts and lost connections' },
} as const satisfies Record<string, Options>;

/** The pacing of an import or an export, and its retry budgets. */
export const CLIENT_FLAG_OPTIONS = {
  'rate-per-minute': { type: 'number', default: DEFAULT_RATE_PER_MINUTE, describe: "The organization's request budget" },
  concurrency: { type: 'number', default: DEFAULT_CONCURRENCY, describe: 'Requests in flight at once' },
  ...RETRY_FLAG_OPTIONS,
} as const satisfies Record<string, Options>;

/** `--json`: what the command prints on stdout. */
export function jsonFlag(what: string): Options & { type: 'boolean'; default: boolean } {
  return { type: 'boolean', default: false, describe: `Print ${what} as JSON on stdout` };
}

export interface RetryFlags {
  'max-rate-wait': number;
  'max-retry-after': number;
  'max-outage': number;
}

/** A usage problem with the flags, or true; for yargs' check. */
export function checkRetryFlags(argv: RetryFlags): true | string {
  for (const name of ['max-rate-wait', 'max-retry-after', 'max-outage'] as const) {
    const seconds = argv[name];
    if (!Number.isFinite(seconds) || seconds < 0) return `--${name} must be a number of seconds, 0 or more; got ${String(seconds)}`;
  }
  return true;
}

export function readRetryFlags(argv: RetryFlags): Partial<RetryOptions> {
  return { maxRateWaitMs: argv['max-rate-wait'] * 1000, maxRetryAfterMs: argv['max-retry-after'] * 1000, maxOutageMs: argv['max-outage'] * 1000 };
}

/** The session of a command: the target its global flags name, paced and retried as its flags say. */
export function readSessionFlags(argv: GlobalOptions & RetryFlags & Partial<Record<'rate-per-minute' | 'concurrency', number>>): ApiSessionOptions {
  const pacing = { ...(argv['rate-per-minute'] === undefined ? {} : { ratePerMinute: argv['rate-per-minute'] }), ...(argv.concurrency === undefined ? {} : { concurrency: argv.concurrency }) };
  return { target: { emulator: argv.emulator, emulatorRole: argv['emulator-role'] }, client: { ...pacing, retry: readRetryFlags(argv) } };
}
