import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startCli } from '../cli/start-cli.js';

/** The first line a stream gives. */
function readFirstLine(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
  });
}

describe('listing-bulk emulator --quirks', { timeout: 60_000 }, () => {
  it('serves with the quirks listed', async () => {
    const run = startCli(['emulator', '--port', '0', '--businesses', '30', '--quirks', 'ignore-page,cap-per-page=5']);
    const announced = run.child.stdout === null ? Promise.reject(new Error('no stdout')) : readFirstLine(run.child.stdout);
    try {
      const { url, keys } = JSON.parse(await announced) as { url: string; keys: Record<string, string> };
      const res = await fetch(`${url}/business/search?per_page=20&page=2`, { headers: { 'x-APIKey': keys.ORG_ADMIN ?? '' } });
      const body = (await res.json()) as { page: number; businesses: unknown[] };
      expect(body.page).toBe(1);
      expect(body.businesses).toHaveLength(5);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect((await run.done).code).toBe(0);
  });

  it('refuses an unknown quirk as a usage error naming the valid ones', async () => {
    const { code, stderr } = await startCli(['emulator', '--port', '0', '--quirks', 'nulls,slow-answers']).done;
    expect(code).toBe(64);
    expect(stderr).toContain("unknown quirk 'slow-answers'. Valid quirks: replace-nested, nulls, real-shapes, unknown-values, ignore-filters, cap-per-page=N");
  });
});
