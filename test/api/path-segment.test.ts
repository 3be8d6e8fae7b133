import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/api-client.js';
import { InvalidIdError, pathSegment } from '../../src/api/transport/api-request.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';

describe('path segments', () => {
  it('takes ids and c-<code>, escaping the code', () => {
    expect(pathSegment('b-1_A')).toBe('b-1_A');
    expect(pathSegment(42)).toBe('42');
    expect(pathSegment('c-../x y')).toBe('c-..%2Fx%20y');
  });

  it.each(['..', '.', '', '../services', 'a/b', 'a b', '%2e%2e', 'id?x=1'])('refuses %j', (id) => {
    expect(() => pathSegment(id)).toThrow(InvalidIdError);
  });
});

describe('endpoints addressed by a hostile id', () => {
  let api: TestEmulator;
  let client: ApiClient;
  let received = 0;
  beforeAll(async () => {
    api = await startTestEmulator();
    api.emulator.faults.script = () => {
      received++;
      return undefined;
    };
    client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN });
  });
  afterAll(async () => {
    await client.close();
    await api.close();
  });

  it.each(['..', '.'])('send nothing for %j', async (id) => {
    const org = client.org();
    const calls = [
      org.updateBusiness(id, { name: 'x' }),
      org.readServices(id),
      org.setService(id, { service_id: 1, price: 1 }),
      org.readAttributes(id),
      org.setAttributes(id, []),
      org.listUserBusinesses(id),
    ];
    for (const outcome of await Promise.allSettled(calls)) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InvalidIdError);
    }
    expect(received).toBe(0);
  });
});
