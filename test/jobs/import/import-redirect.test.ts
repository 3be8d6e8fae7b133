import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

/** A second local service, the target of the redirects: it records what reaches it. */
async function startRedirectTarget(): Promise<{ url: string; received: IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', id: 'elsewhere' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('an import whose writes are redirected', () => {
  let harness: ImportHarness;
  let target: Awaited<ReturnType<typeof startRedirectTarget>>;
  beforeAll(async () => {
    harness = await startImportHarness({ businesses: 20 });
    target = await startRedirectTarget();
  });
  afterAll(async () => {
    await target.close();
    await harness.close();
  });

  it('follows no redirect: the key never reaches the target, the row fails naming the Location, and a rerun sends it again', async () => {
    const [first, second, third] = harness.api.emulator.state.orgBusinesses(1);
    if (first === undefined || second === undefined || third === undefined) throw new Error('not enough seeded businesses');
    const csv = ['business_id,name', `${first.id},Moved 0`, `${second.id},Moved 1`, `${third.id},Moved 2`].join('\n');
    const location = `${target.url}/v2/business/${second.id}`;
    const posts: string[] = [];
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method !== 'POST') return undefined;
      posts.push(req.path);
      return req.path === `/business/${second.id}` ? { status: 302, headers: { location } } : undefined;
    };
    const reportDir = join(harness.dir, 'redirected');
    const { summary, results } = await harness.runImport('businesses', csv, { reportDir });

    expect(target.received).toEqual([]);
    expect(summary.rows).toMatchObject({ total: 3, updated: 2, failed: 1 });
    expect(summary.requests.retries).toBe(0);
    const failed = results.find((row) => row._status === 'failed');
    expect(failed).toMatchObject({ business_id: second.id, _http_status: '302' });
    expect(failed?._errors).toContain(`(302) to ${location}`);
    expect(second.name).not.toBe('Moved 1');

    // The redirect is not a final outcome: the same command sends that row, and only that row, again.
    posts.length = 0;
    harness.api.emulator.faults.script = (_n, req) => {
      if (req.method === 'POST') posts.push(req.path);
      return undefined;
    };
    const rerun = await harness.runImport('businesses', csv, { reportDir });
    expect(rerun.summary).toMatchObject({ resumed: 2, rows: { updated: 3 } });
    expect(posts).toEqual([`/business/${second.id}`]);
    expect(second.name).toBe('Moved 1');
    expect(target.received).toEqual([]);
  });

  it('takes a write as applied only when its answer says success for the business addressed', async () => {
    const [, , , fourth, fifth] = harness.api.emulator.state.orgBusinesses(1);
    if (fourth === undefined || fifth === undefined) throw new Error('not enough seeded businesses');
    const csv = ['business_id,name', `${fourth.id},Checked 0`, `${fifth.id},Checked 1`].join('\n');
    const emulator = harness.api.emulator;
    const handle = emulator.handle.bind(emulator);
    emulator.faults.script = undefined;
    emulator.handle = async (req) => {
      const response = await handle(req);
      if (req.method !== 'POST') return response;
      // One answer speaks of another business, the other does not say success.
      return req.path === `/business/${fourth.id}` ? { ...response, body: { status: 'success', id: fifth.id } } : { ...response, body: { status: 'queued', id: fifth.id } };
    };
    const reportDir = join(harness.dir, 'unexpected');
    try {
      const { summary, results } = await harness.runImport('businesses', csv, { reportDir });
      expect(summary.rows).toMatchObject({ total: 2, failed: 2, updated: 0 });
      expect(results.map((row) => row._errors)).toEqual([
        expect.stringContaining(`unexpected answer: id: not the business addressed (${fourth.id})`),
        expect.stringContaining('unexpected answer: status: "queued" where "success" was expected ('),
      ]);
    } finally {
      emulator.handle = handle;
    }
    // Not final either: a rerun reads both again (the emulator did apply them, so they are unchanged now).
    const rerun = await harness.runImport('businesses', csv, { reportDir });
    expect(rerun.summary).toMatchObject({ resumed: 0, rows: { unchanged: 2 } });
  });
});
