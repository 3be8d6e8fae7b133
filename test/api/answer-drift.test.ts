import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { ApiError } from '../../src/api/errors/api-error.js';
import { DRIFT_BASE, useDriftingEmulator } from './drifting-emulator.js';

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('an answer that does not have the documented shape', () => {
  const service = useDriftingEmulator();
  const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 60_000 });
  afterAll(() => client.close());
  const locations = () => client.org(1).searchGeoLocations();

  it('says what the service answered, what was expected and where', async () => {
    service.drift = (_request, body) => ({ ...(body as object), locations: null, page: 'seven' });
    const error = await rejectionOf(locations());
    expect(error).toMatchObject({ kind: 'bad-response', status: 200 });
    expect(error.message).toBe(
      'Could not GET /geo-oauth-accounts/locations/search: the service answered null where a list was expected at locations; ' +
        'the service answered "seven" where a number was expected at page. ' +
        'The service changed the shape of its answers: report this message to the maintainers of listing-bulk.',
    );
  });

  it('names a missing field as nothing', async () => {
    service.drift = (_request, body) => ({ ...(body as object), max_page: undefined });
    const error = await rejectionOf(locations());
    expect(error.message).toContain('the service answered nothing where a number was expected at max_page');
  });

  it('points at LISTING_API_URL only when the whole answer is not what an API gives', async () => {
    service.drift = () => '<html>Welcome</html>';
    const error = await rejectionOf(locations());
    expect(error.message).toBe(
      'Could not GET /geo-oauth-accounts/locations/search: the service answered "<html>Welcome</html>" where an object was expected. Check that LISTING_API_URL points at the API and ends with /v2.',
    );
  });

  it('blames the service, not LISTING_API_URL, for a page that is no API answer once the API has answered in this run', async () => {
    const run = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 60_000 });
    try {
      await run.org(1).searchGeoLocations();
      service.drift = () => '<html>Maintenance</html>';
      const error = await rejectionOf(run.org(1).searchGeoLocations());
      expect(error.message).toBe(
        'Could not GET /geo-oauth-accounts/locations/search: the service answered "<html>Maintenance</html>" where an object was expected. ' +
          'The service answered as the API earlier in this run, so LISTING_API_URL is right: this answer came from something on the way or a fault of the service. Run again later.',
      );
    } finally {
      await run.close();
    }
  });
});
