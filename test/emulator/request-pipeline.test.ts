import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

describe('request pipeline', () => {
  let api: TestEmulator;
  let businessId: string;
  beforeAll(async () => {
    api = await startTestEmulator({ transport: 'http' });
    businessId = api.emulator.state.orgBusinesses(1)[0]?.id ?? '';
  });
  afterAll(() => api.close());

  it('refuses a write without a JSON Content-Type', async () => {
    const res = await api.call('POST', `/business/${businessId}`, { rawBody: '{"name":"X"}', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { json: { _schema: ['Content-Type must be application/json'] } } });
    const missing = await api.call('POST', `/business/${businessId}`, { rawBody: '{"name":"X"}' });
    expect(missing.status).toBe(400);
  });

  it('accepts a JSON Content-Type with a charset', async () => {
    const res = await api.call('POST', `/business/${businessId}`, {
      rawBody: '{"name":"Charset"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await api.call('POST', `/business/${businessId}`, { rawBody: '{name', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { errors: { json: { _schema: ['Body is not valid JSON'] } } } });
  });

  it('refuses a write whose body is empty, which is no JSON: a client that lost its body must not read a success', async () => {
    const before = structuredClone(api.emulator.state.businesses.get(businessId));
    const res = await api.call('POST', `/business/${businessId}`, { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { errors: { json: { _schema: ['Body is not valid JSON'] } } } });
    expect(api.emulator.state.businesses.get(businessId)).toEqual(before);
  });

  it('answers an unknown path with the not-found body, after authentication', async () => {
    expect(await api.call('GET', '/nothing/here')).toMatchObject({ status: 404, body: { errors: { json: 'Resource not found' } } });
    expect((await api.call('GET', '/nothing/here', { as: null })).status).toBe(401);
  });

  it('answers outside the version prefix with not found', async () => {
    const res = await fetch(api.url.replace('/v2', '/v1/business/search'));
    expect(res.status).toBe(404);
  });
});
