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
