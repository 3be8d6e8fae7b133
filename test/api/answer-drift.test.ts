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
  const form = [...service.emulator.state.feedbackForms.values()].find((candidate) => candidate.org_id === 1);
  const template = [...service.emulator.state.emailTemplates.values()].find((candidate) => candidate.org_id === 1);
  const requirements = () => client.org(1).readCampaignRequirements({ formId: form?.id ?? '', emailTemplateId: template?.id ?? 0 });

  it('says what the service answered, what was expected and where', async () => {
    service.drift = (_request, body) => ({ ...(body as object), recipient_fields: null, feedback_email_template_id: '7' });
    const error = await rejectionOf(requirements());
    expect(error).toMatchObject({ kind: 'bad-response', status: 200 });
    expect(error.message).toBe(
      'Could not GET /feedback/campaign/requirements: the service answered "7" where a number was expected at feedback_email_template_id; ' +
        'the service answered null where a list was expected at recipient_fields. ' +
        'The service changed the shape of its answers: report this message to the maintainers of listing-bulk.',
    );
  });

  it('names list items by their index and a missing field as nothing', async () => {
    service.drift = (_request, body) => ({ ...(body as object), recipient_fields: ['email_address', 3], variable_fields: undefined });
    const error = await rejectionOf(requirements());
    expect(error.message).toContain('the service answered 3 where one of email_address, unsubscribe_url was expected at recipient_fields[1]');
    expect(error.message).toContain('the service answered nothing where a list was expected at variable_fields');
  });

  it('points at LISTING_API_URL only when the whole answer is not what an API gives', async () => {
    service.drift = () => '<html>Welcome</html>';
    const error = await rejectionOf(requirements());
    expect(error.message).toBe(
      'Could not GET /feedback/campaign/requirements: the service answered "<html>Welcome</html>" where an object was expected. Check that LISTING_API_URL points at the API and ends with /v2.',
    );
  });
});
