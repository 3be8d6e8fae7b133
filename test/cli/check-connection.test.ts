import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { openApiTarget } from '../../src/cli/api-target.js';
import { checkConnection } from '../../src/jobs/check-connection.js';

describe('--emulator', () => {
  it('starts an emulator in process and runs the command against it with the chosen role', async () => {
    const logger = pino({ level: 'silent' });
    for (const [role, businesses] of [['ORG_ADMIN', 160], ['PUBLISHER', 20]] as const) {
      const target = await openApiTarget({ emulator: true, emulatorRole: role }, {}, logger);
      expect(target.settings.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
      const client = createApiClient(target.settings);
      expect(await checkConnection(client, logger)).toEqual({ businesses });
      await client.close();
      await target.close();
    }
  });
});

describe('the configured API', () => {
  it('warns when the key would travel unencrypted to another machine, and only then', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) });
    const open = (url: string) => openApiTarget({ emulator: false, emulatorRole: 'ORG_ADMIN' }, { LISTING_API_URL: url, LISTING_API_KEY: 'k' }, logger);
    for (const url of ['https://api.example.com/v2', 'http://localhost:8080/v2', 'http://127.0.0.1:8080/v2', 'http://[::1]:8080/v2']) await open(url);
    expect(warnings).toEqual([]);
    await open('http://api.example.com/v2');
    expect(warnings).toEqual([expect.stringMatching(/^the API address is http:\/\/, so the API key travels unencrypted/)]);
  });
});
