import { describe, expect, it } from 'vitest';
import { readApiSettings } from '../../src/api/api-settings.js';

const API = { LISTING_API_URL: 'https://api.example.test/v2', LISTING_API_KEY: 'k1' };

describe('LISTING_RATE_REDIS_URL', () => {
  it('is passed to the client when set, and left out when empty', async () => {
    expect((await readApiSettings({ ...API, LISTING_RATE_REDIS_URL: ' redis://:pw@cache:6380/2 ' })).rateRedisUrl).toBe('redis://:pw@cache:6380/2');
    expect(await readApiSettings({ ...API, LISTING_RATE_REDIS_URL: '' })).not.toHaveProperty('rateRedisUrl');
  });

  it('is refused when it is not a redis URL, without echoing it (it may hold a password)', async () => {
    const refusal = readApiSettings({ ...API, LISTING_RATE_REDIS_URL: 'http://:hunter2@cache' });
    await expect(refusal).rejects.toThrow('Could not use LISTING_RATE_REDIS_URL: it is not a redis:// or rediss:// URL. Set it to redis://host:port, or unset it.');
    await expect(refusal).rejects.not.toThrow('hunter2');
  });
});
