import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCliInProcess, serveCliInProcess, testIo } from '../cli/test-io.js';

describe('listing-bulk emulator --quirks', () => {
  it('serves with the quirks listed until SIGTERM, then exits 0', async () => {
    const io = testIo();
    const served = serveCliInProcess(['emulator', '--port', '0', '--businesses', '30', '--quirks', 'ignore-page,cap-per-page=5'], io);
    const { url, keys } = JSON.parse(await served.firstLine) as { url: string; keys: Record<string, string> };
    try {
      const res = await fetch(`${url}/business/search?per_page=20&page=2`, { headers: { 'x-APIKey': keys.ORG_ADMIN ?? '' } });
      const body = (await res.json()) as { page: number; businesses: unknown[] };
      expect(body.page).toBe(1);
      expect(body.businesses).toHaveLength(5);
    } finally {
      io.signals.emit('SIGTERM');
    }
    expect((await served.done).code).toBe(0);
  });

  it('tells a person on a terminal in words, from the stdout it is given', async () => {
    const io = testIo();
    io.stdout.isTTY = true;
    const served = serveCliInProcess(['emulator', '--port', '0', '--businesses', '10'], io);
    const line = await served.firstLine;
    io.signals.emit('SIGINT');
    expect(line).toMatch(/^Emulator listening on http:\/\/127\.0\.0\.1:\d+\/v2$/);
    expect((await served.done).code).toBe(0);
  });

  it('refuses an unknown quirk as a usage error naming the valid ones', async () => {
    const { code, stderr } = await runCliInProcess(['emulator', '--port', '0', '--quirks', 'nulls,slow-answers']);
    expect(code).toBe(64);
    expect(stderr).toContain("unknown quirk 'slow-answers'. Valid quirks: replace-nested, nulls, real-shapes, unknown-values, ignore-filters, cap-per-page=N");
  });

  it('refuses a port in use with what to do, exit 1, no stack', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, said } = await runCliInProcess(['emulator', '--port', String(port)]);
      expect(code).toBe(1);
      expect(said).toContain(`Could not serve the emulator on 127.0.0.1:${String(port)}: the port is in use. Give another --port, or --port 0 for a free one.`);
      expect(said).not.toContain('bug');
    } finally {
      taken.close();
    }
  });
});
