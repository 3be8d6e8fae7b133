import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/api-client.js';
import { AbortedError, ApiError, AUTHENTICATION_FAILURE, AuthenticationError } from '../../src/api/errors/api-error.js';
import { findStopCause } from '../../src/api/transport/find-stop-cause.js';
import { describeErrorDetails } from '../../src/api/errors/error-details.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';

/** The error a promise rejects with; fails the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** The key must appear nowhere a report or a log could show an error. */
function expectNoKey(error: Error, key: string): void {
  expect(error.message).not.toContain(key);
  expect(JSON.stringify(error)).not.toContain(key);
  expect(inspect(error, { depth: 10 })).not.toContain(key);
}

describe('typed errors', () => {
  let api: TestEmulator;
  let admin: ApiClient;
  let provider: ApiClient;
  let received = 0;
  beforeAll(async () => {
    api = await startTestEmulator({ ratePerMinute: 100_000 });
    api.emulator.faults.script = () => {
      received++;
      return undefined;
    };
    admin = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 60_000 });
    provider = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, ratePerMinute: 60_000 });
  });
  afterAll(async () => {
    await Promise.all([admin.close(), provider.close()]);
    await api.close();
  });
  const firstOf = (orgId: number): string => api.emulator.state.orgBusinesses(orgId)[0]?.id ?? '';

  it('400: the errors.json map, with the method and path', async () => {
    const id = firstOf(1);
    const error = await rejectionOf(admin.org(1).updateBusiness(id, { description_short: 'x'.repeat(81), website_url: 'ftp://example.com' }));
    expect(error).toMatchObject({ name: 'ApiError', kind: 'invalid-request', status: 400, method: 'POST', path: `/business/${id}` });
    expect(describeErrorDetails(error.details)).toEqual(['website_url: must be an http(s) URL', 'description_short: must be at most 80 characters']);
    expect(error.message).toBe(
      `Could not POST /business/${id}: the request was refused as invalid (400): website_url: must be an http(s) URL; description_short: must be at most 80 characters. Correct the values listed.`,
    );
    expectNoKey(error, api.emulator.keys.ORG_ADMIN);
  });

  it('403: the edit_not_allowed map under errors.authorization', async () => {
    const id = firstOf(2);
    const error = await rejectionOf(provider.org(2).updateBusiness(id, { name: 'Renamed', photos: { primary: 'https://example.com/a.jpg' } }));
    expect(error).toMatchObject({ kind: 'not-authorized', status: 403, method: 'POST', path: `/business/${id}` });
    expect(error.details).toEqual({ shape: 'not-allowed', fields: { name: 'edit_not_allowed', 'photos.primary': 'edit_not_allowed' } });
    expectNoKey(error, api.emulator.keys.PROVIDER);
  });

  it('404: not found', async () => {
    const error = await rejectionOf(admin.org(1).readServices('no-such-business'));
    expect(error).toMatchObject({ kind: 'not-found', status: 404, method: 'GET', path: '/business/no-such-business/services' });
    expect(error.details).toEqual({ shape: 'message', message: 'Resource not found' });
  });

  it('feedback validation: the detail list of {loc, msg, type}', async () => {
    const error = await rejectionOf(admin.org(1).searchFeedbackResults({ npsMin: 11, states: ['treated'] }));
    expect(error).toMatchObject({ kind: 'invalid-request', status: 400, method: 'GET', path: '/feedback/feedback_result' });
    expect(describeErrorDetails(error.details)).toEqual(['query.nps__gte: Input should be less than or equal to 10']);
  });

  it('does not retry 400, 403 or 404', () => {
    expect(received).toBe(4);
    expect(admin.readCounters().total).toMatchObject({ sent: 3, retried: 0, failed: 3 });
  });

  it("400: a service's message that ends its sentence is not given a second full stop", async () => {
    const error = await rejectionOf(provider.org().listMessageTemplates());
    expect(error.message).toBe('Could not GET /messaging/templates: the request was refused as invalid (400): org_id: Required for PROVIDER users. Correct the values listed.');
  });

  it('401: stops the whole client at once and refuses every further call', async () => {
    const key = 'lbk_revoked_or_mistyped';
    const client = createApiClient({ baseUrl: api.url, apiKey: key, ratePerMinute: 60_000, concurrency: 1 });
    const before = received;
    // One organization with one slot: the first call is sent, the others wait in its queue.
    const calls = [client.org(1).searchBusinesses(), client.org(1).readServices(firstOf(1)), client.org(1).listMessageTemplates()];
    const [first, ...others] = calls;
    const refused = await rejectionOf(first ?? Promise.resolve());
    const notSent = await Promise.all([...others, client.org(2).searchBusinesses()].map((call) => call.then(() => undefined, (reason: unknown) => reason)));
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused).toMatchObject({ name: 'AuthenticationError', status: 401, method: 'GET', path: '/business/search', message: AUTHENTICATION_FAILURE });
    expect(AUTHENTICATION_FAILURE).toBe('Could not authenticate with the API: the key was refused (401). Check LISTING_API_KEY or LISTING_API_KEY_FILE.');
    // The calls never sent, and any call made after, say why and keep the refusal as their cause.
    for (const error of notSent) {
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({ message: `Not sent: ${AUTHENTICATION_FAILURE}`, cause: refused });
      expect(findStopCause(error)).toBe(refused);
    }
    expectNoKey(refused, key);
    expect(received - before).toBe(1);
    expect(client.readCounters().total).toMatchObject({ sent: 1, failed: 4 });
    await client.close();
  });
});

describe('a 400 without an API error body', () => {
  it('lists no values to correct, and names what else may have refused it', () => {
    const error = new ApiError({ kind: 'invalid-request', method: 'POST', path: '/business/b1', status: 400 });
    expect(error.message).toBe(
      'Could not POST /business/b1: the request was refused as invalid (400). The answer names no value: check what was sent, and whether a proxy or firewall on the way refused it.',
    );
  });
});
