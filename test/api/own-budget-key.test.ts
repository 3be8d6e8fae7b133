import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/api/errors/api-error.js';
import { findOwnBudgetKey } from '../../src/api/pacing/own-budget-key.js';

const KEY = 'lbk_secret';
const page = (orgIds: number[]) => ({ businesses: orgIds.map((org_id) => ({ org_id })) });

function captureLogs() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, destination), lines };
}

describe('findOwnBudgetKey', () => {
  it("is the organization of the first business the key reads, shared by every key of that organization", async () => {
    const { logger, lines } = captureLogs();
    expect(await findOwnBudgetKey(() => Promise.resolve(page([7])), KEY, logger)).toBe('org:7');
    expect(lines).toEqual([]);
  });

  it('falls back to a hash of the key, with a warning that names neither the key nor its hash', async () => {
    const { logger, lines } = captureLogs();
    const key = await findOwnBudgetKey(() => Promise.resolve(page([])), KEY, logger);
    expect(key).toBe(`key:${createHash('sha256').update(KEY).digest('hex')}`);
    expect(lines.join('')).toContain('only processes using the same API key share');
    expect(lines.join('')).not.toContain(KEY);
  });

  it('passes a stop on: the turns that wait for the key fail the same way', async () => {
    const { logger } = captureLogs();
    await expect(findOwnBudgetKey(() => Promise.reject(new AbortedError()), KEY, logger)).rejects.toBeInstanceOf(AbortedError);
  });
});
