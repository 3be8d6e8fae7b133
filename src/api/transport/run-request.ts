import type { z } from 'zod';
import { AbortedError, ApiError, AuthenticationError } from '../errors/api-error.js';
import { describeDrift, describeFieldIssues, REPORT_INPUT } from '../schemas/reading/describe-issues.js';
import type { ApiRequest } from './api-request.js';
import type { Clock } from '../pacing/clock.js';
import type { OrgBudget } from '../pacing/org-budget.js';
import { RetriesSpentError, type SpentRetries } from '../errors/retries-spent-error.js';
import { RetryAfterTooLongError } from '../errors/retry-after-too-long-error.js';
import { isTransient, runWithRetries, type RetryOptions } from './retry-policy.js';
import { sendRequest, type ApiAnswer, type HttpTarget } from './send-request.js';
import { createStatusError } from '../errors/status-error.js';
import type { StopSwitch } from './stop-switch.js';
import { UnreachableServiceError } from '../errors/unreachable-service-error.js';
import { WrongBaseUrlError } from '../errors/wrong-base-url-error.js';
import { cutText } from '../../cut-text.js';

/** What an import does with a write whose answer does not say it was applied. */
export const UNAPPLIED_WRITE_ADVICE = 'The change may not be applied: run the same command again to send it.';

/** What a call needs: the organization's budget and what the whole client shares. */
export interface RequestContext {
  budget: OrgBudget;
  target: HttpTarget;
  retry: RetryOptions;
  clock: Clock;
  random: () => number;
  stop: StopSwitch;
}

/**
 * One call: a concurrency slot of the organization, then attempts at its budget's
 * turns with retries, the answer checked against `schema`. Back-off waits and a
 * 429's pause keep the slot, so a failing organization does not flood its budget.
 * A call cancelled by its own signal rejects with AbortedError and is not counted, unless it is
 * a write the service had answered.
 */
export async function runRequest<T>(ctx: RequestContext, request: ApiRequest, schema: z.ZodType<T>): Promise<T> {
  const { budget, stop } = ctx;
  // Also what drops a read in flight (sendRequest never drops a write): once the client stops, its answer is no longer wanted.
  const signal = request.signal === undefined ? stop.signal : AbortSignal.any([stop.signal, request.signal]);
  let sentAt = 0;
  let lastFailure: ApiError | undefined;
  const attempt = async (): Promise<T> => {
    refuseIfRetriesSpent(ctx, request);
    sentAt = await budget.waitTurn(signal);
    // Another call may have given up while this one waited for its turn.
    refuseIfRetriesSpent(ctx, request);
    return readAnswer(ctx, request, await sendCounted(ctx, request, signal), schema);
  };
  try {
    signal.throwIfAborted();
    const result = await budget.schedule(
      () =>
        runWithRetries(attempt, {
          options: ctx.retry,
          random: ctx.random,
          now: () => ctx.clock.now(),
          sleep: (ms) => ctx.clock.sleep(ms, signal),
          onRetry(error, delayMs) {
            lastFailure = error;
            budget.counters.retried++;
            if (error.kind === 'rate-limited') budget.noteRateLimited(delayMs, sentAt);
          },
        }),
      signal,
    );
    budget.counters.succeeded++;
    return result;
  } catch (caught) {
    // A write sent already (its retry was due) may have been applied: it never ends as not sent.
    const sentWrite = request.method !== 'GET' && lastFailure !== undefined;
    // A call sent already ends with its own last answer when refused a retry because another gave up on its organization,
    // and so does a write stopped while it waited to retry.
    const error = lastFailure !== undefined && (caught instanceof RetriesSpentError || (sentWrite && !(caught instanceof ApiError))) ? lastFailure : caught;
    // A write's answer stays its outcome: one refused while its caller stopped was still refused. A read's is no longer wanted.
    const answeredWrite = request.method !== 'GET' && error instanceof ApiError && error.status !== undefined;
    if (request.signal?.aborted === true && !stop.signal.aborted && !answeredWrite && !sentWrite) throw new AbortedError();
    budget.counters.failed++;
    // A 429 after the whole --max-rate-wait, a failure after the whole --max-outage: the organization's other calls would wait it out again, one after the other.
    // Not a call refused its retry (`caught`): it waited out no budget, whatever its last answer was.
    const spent = findSpentRetries(caught);
    if (spent !== undefined) budget.noteRetriesSpent(spent, ctx.retry.maxOutageMs);
    // Every other call would fail the same way: nothing more is sent.
    if (error instanceof UnreachableServiceError || error instanceof WrongBaseUrlError) stop.stop(new AbortedError(error));
    throw stop.explain(error);
  }
}

/** Which retry budget a call that failed waited out to its end, if any: not a call refused for another's (RetriesSpentError). */
function findSpentRetries(error: unknown): SpentRetries | undefined {
  if (error instanceof RetryAfterTooLongError) return 'retry-after';
  if (!(error instanceof ApiError) || error instanceof RetriesSpentError) return undefined;
  if (error.kind === 'rate-limited' && error.status === 429) return 'rate';
  return isTransient(error) ? 'outage' : undefined;
}

/** A call of an organization given up (its 429s past --max-rate-wait, a Retry-After past --max-retry-after, its failures past --max-outage) is not sent (OrgBudget.noteRetriesSpent). */
function refuseIfRetriesSpent({ budget, retry }: RequestContext, request: ApiRequest): void {
  const spent = budget.spentRetries();
  if (spent !== undefined) throw new RetriesSpentError(request, budget.name, spent, { rate: retry.maxRateWaitMs, outage: retry.maxOutageMs, 'retry-after': retry.maxRetryAfterMs }[spent]);
}

async function sendCounted(ctx: RequestContext, request: ApiRequest, drop: AbortSignal): Promise<ApiAnswer> {
  const { counters } = ctx.budget;
  counters.sent++;
  counters.inFlight++;
  try {
    const answer = await sendRequest(ctx.target, request, drop);
    if (answer.status === 429) counters.rateLimited++;
    else ctx.budget.noteAnswered(answer.status);
    return answer;
  } finally {
    counters.inFlight--;
  }
}

function readAnswer<T>(ctx: RequestContext, request: ApiRequest, answer: ApiAnswer, schema: z.ZodType<T>): T {
  const { method, path } = request;
  if (answer.status < 200 || answer.status >= 300) {
    // A 404 to the run's first request, where the endpoint documents none, says the path is not the API's;
    // unless it names an organization (`--org 99`), which may be what was not found.
    const orgId = request.query?.org_id;
    const namesOrg = orgId !== undefined;
    if (answer.status === 404 && request.answersNotFound === false && !namesOrg && ctx.target.contact.isFirst(request)) throw new WrongBaseUrlError(request, ctx.target.baseUrl);
    // Retry-After may be an HTTP date: it is read against the wall clock.
    const error = createStatusError({ method, path, ...answer, ...(namesOrg ? { orgId: String(orgId) } : {}) }, Date.now());
    // One without a Retry-After it could read is waited out with the client's own back-off.
    if (error.kind === 'rate-limited' && error.retryAfterMs === undefined) ctx.budget.counters.rateLimitedUnpaced++;
    // A refused key stops every organization's queue before this call even returns; the calls not sent say why.
    if (error instanceof AuthenticationError) ctx.stop.stop(new AbortedError(error));
    throw error;
  }
  const parsed = schema.safeParse(answer.body, REPORT_INPUT);
  if (parsed.success) {
    ctx.target.contact.understood = true;
    return parsed.data;
  }
  if (method === 'POST') {
    // A write is applied only when its answer says so: anything else is reported, never taken as success.
    throw new ApiError(
      { kind: 'unexpected-answer', method, path, status: answer.status },
      `Could not ${method} ${path}: unexpected answer: ${describeFieldIssues(parsed.error.issues)} (${describeBody(answer.body)}). ${UNAPPLIED_WRITE_ADVICE}`,
    );
  }
  throw new ApiError({ kind: 'bad-response', method, path, status: answer.status }, describeBadResponse(method, path, parsed.error.issues, ctx.target.contact.understood));
}

/**
 * What the answer holds where the client expected something else; an answer wrong as a whole is likely no API at all,
 * unless the service has answered as the API in this run: then the address is right, and this answer is a fault on the way.
 */
function describeBadResponse(method: string, path: string, issues: readonly z.core.$ZodIssue[], understood: boolean): string {
  const whole = issues.some((issue) => issue.path.length === 0);
  const advice = !whole
    ? 'The service changed the shape of its answers: report this message to the maintainers of listing-bulk.'
    : understood
      ? 'The service answered as the API earlier in this run, so LISTING_API_URL is right: this answer came from something on the way or a fault of the service. Run again later.'
      : 'Check that LISTING_API_URL points at the API and ends with /v2.';
  return `Could not ${method} ${path}: ${describeDrift(issues)}. ${advice}`;
}

/** The start of an answer's body, for a report line. */
function describeBody(body: unknown): string {
  const text = body === undefined ? 'no body' : typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 200 ? `${cutText(text, 200)}…` : text;
}
