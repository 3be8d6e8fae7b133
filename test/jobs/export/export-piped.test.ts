import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { exportPiped } from '../../../src/jobs/export/export-piped.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';

const logger = pino({ level: 'silent' });
/** Event-loop turns a slow reader takes to read a chunk: time enough for the next chunk of the file to be read. */
const READ_TURNS = 20;

function afterTurns(turns: number, then: () => void): void {
  if (turns === 0) then();
  else setImmediate(() => { afterTurns(turns - 1, then); });
}

describe('an export to standard output', () => {
  let api: TestEmulator;
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 300, feedback: 0, ratePerMinute: 100_000 });
  });
  afterAll(() => api.close());

  it('waits for a slow reader to take each chunk rather than hold the file in memory', async () => {
    let issued = 0;
    let taken = 0;
    let mostAhead = 0;
    // A pipe whose reader is slow: every write asks to wait for it.
    const output = new Writable({
      highWaterMark: 1,
      decodeStrings: false,
      write(_chunk, _encoding, done) {
        afterTurns(READ_TURNS, () => {
          taken++;
          done();
        });
      },
    });
    const write = output.write.bind(output);
    output.write = (chunk: string) => {
      mostAhead = Math.max(mostAhead, ++issued - taken);
      return write(chunk);
    };
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const summary = await exportPiped(client, 'businesses', { csvDialect: 'rfc4180', filters: {} }, output, logger);
      expect(summary.rows).toBe(240);
    } finally {
      await client.close();
    }
    expect(issued).toBeGreaterThan(2);
    expect(mostAhead).toBe(1);
  });

  it('ends once its reader has gone away (| head), the work done', async () => {
    let written = 0;
    const output = new Writable({
      highWaterMark: 1,
      decodeStrings: false,
      write(_chunk, _encoding, done) {
        written++;
        afterTurns(READ_TURNS, () => {
          this.destroy();
          done();
        });
      },
    });
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      // The summary says the rows were not all written.
      expect(await exportPiped(client, 'businesses', { csvDialect: 'rfc4180', filters: {} }, output, logger)).toMatchObject({ rows: 240, out: 'standard output, until its reader closed it' });
    } finally {
      await client.close();
    }
    expect(written).toBe(1);
  });
});
