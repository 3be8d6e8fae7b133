import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/api-client.js';
import { AbortedError, ApiError } from '../../src/api/errors/api-error.js';
import { UnreachableServiceError } from '../../src/api/errors/unreachable-service-error.js';
import { WrongBaseUrlError } from '../../src/api/errors/wrong-base-url-error.js';
import { startTestEmulator } from '../emulator/start-test-emulator.js';
import { findFreePort } from './find-free-port.js';
import { createSkippingClock } from './skipping-clock.js';

/** Back-offs are skipped, not waited: a call retried for the whole budget ends at once, its retries counted. */
const RETRY = { maxOutageMs: 10_000 };

// Both fetches that may carry the agent (chooseFetch) name a failed first contact alike.
describe.each([
  ["Node's own fetch", process.versions.undici],
  ["undici's own fetch", '8.0.0'],
])('before the service has answered, over %s', (_fetch, nodeUndici) => {
  it('fails at once, naming the address, when no connection can be made; and stops the client', async () => {
    const baseUrl = `http://127.0.0.1:${await findFreePort()}/v2`;
    const client = createApiClient({ baseUrl, apiKey: 'k', clock: createSkippingClock(), retry: RETRY, http: { nodeUndici } });
    try {
      const error = await client.org().searchBusinesses({ per_page: 1 }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(UnreachableServiceError);
      expect((error as Error).message).toBe(`Could not connect to the API at ${baseUrl}: the connection was refused (ECONNREFUSED). Check LISTING_API_URL and the network, then run again.`);
      expect(client.readCounters().total).toMatchObject({ sent: 1, retried: 0 });
      // Every other call would meet the same: none is sent.
      const next = await client.org().readCustomFields().catch((reason: unknown) => reason);
      expect(next).toBeInstanceOf(AbortedError);
      expect((next as AbortedError).cause).toBe(error);
      expect(client.readCounters().total.sent).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('fails at once on a port fetch refuses to use, naming it', async () => {
    // Port 1 is on the Fetch standard's list of bad ports: fetch fails before any connection, with no error code.
    const baseUrl = 'http://127.0.0.1:1/v2';
    const client = createApiClient({ baseUrl, apiKey: 'k', clock: createSkippingClock(), retry: RETRY, http: { nodeUndici } });
    try {
      const error = await client.org().searchBusinesses({ per_page: 1 }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(UnreachableServiceError);
      expect((error as Error).message).toContain(`Could not connect to the API at ${baseUrl}: fetch refuses to connect to this port`);
      expect(client.readCounters().total).toMatchObject({ sent: 1, retried: 0 });
    } finally {
      await client.close();
    }
  });

  it('fails at once on TLS to a port that speaks plain HTTP, and on a listener that never answers, naming why', async () => {
    const api = await startTestEmulator({ transport: 'http' });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const tls = api.url.replace(/^http:/, 'https:');
    const hang = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v2`;
    const clients = [
      createApiClient({ baseUrl: tls, apiKey: 'k', clock: createSkippingClock(), retry: RETRY, http: { nodeUndici } }),
      createApiClient({ baseUrl: hang, apiKey: 'k', clock: createSkippingClock(), retry: RETRY, http: { nodeUndici, headersTimeoutMs: 50 } }),
    ];
    try {
      const [wrongScheme, noAnswer] = await Promise.all(clients.map((client) => client.org().searchBusinesses({ per_page: 1 }).catch((reason: unknown) => reason)));
      expect(wrongScheme).toBeInstanceOf(UnreachableServiceError);
      expect((wrongScheme as Error).message).toBe(
        `Could not connect to the API at ${tls}: the port does not speak HTTPS (should the address start with http://?) (ERR_SSL_WRONG_VERSION_NUMBER). Check LISTING_API_URL and the network, then run again.`,
      );
      expect(noAnswer).toBeInstanceOf(UnreachableServiceError);
      expect((noAnswer as Error).message).toContain(`Could not connect to the API at ${hang}: a connection was made, but no answer came in time (UND_ERR_HEADERS_TIMEOUT)`);
      for (const client of clients) expect(client.readCounters().total).toMatchObject({ sent: 1, retried: 0 });
    } finally {
      for (const client of clients) await client.close();
      silent.closeAllConnections();
      silent.close();
      await api.close();
    }
  });

  it('fails at once on the first request, but retries a lost connection for --max-outage once the service has answered', async () => {
    const api = await startTestEmulator({ ratePerMinute: 100_000, transport: 'http' });
    const { port } = new URL(api.url);
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, clock: createSkippingClock(), retry: RETRY, http: { nodeUndici } });
    const other = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, clock: createSkippingClock(), retry: RETRY, http: { nodeUndici } });
    try {
      await client.org().searchBusinesses({ per_page: 1 });
      await api.close();
      const lost = await client.org().searchBusinesses({ per_page: 1 }).catch((reason: unknown) => reason);
      expect(lost).toBeInstanceOf(ApiError);
      expect(lost).not.toBeInstanceOf(UnreachableServiceError);
      expect(lost).toMatchObject({ kind: 'network' });
      expect(client.readCounters().total.retried).toBeGreaterThan(1);
      // The same address, never answered in this other run: no outage to wait out.
      await expect(other.org().searchBusinesses({ per_page: 1 })).rejects.toThrow(`Could not connect to the API at http://127.0.0.1:${port}/v2`);
      expect(other.readCounters().total).toMatchObject({ sent: 1, retried: 0 });
    } finally {
      await client.close();
      await other.close();
    }
  });

  it('reads a 404 as a wrong base URL only where the endpoint documents none, and stops the client', async () => {
    const api = await startTestEmulator({ ratePerMinute: 100_000, transport: 'http' });
    const baseUrl = api.url.replace(/\/v2$/, '/nov2');
    const wrong = createApiClient({ baseUrl, apiKey: api.emulator.keys.ORG_ADMIN, http: { nodeUndici } });
    const right = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, http: { nodeUndici } });
    try {
      const error = await wrong.org().searchBusinesses({ page: 1 }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(WrongBaseUrlError);
      expect((error as Error).message).toBe(
        `Could not GET /business/search: the service answered 404 (not found), which this endpoint never answers. LISTING_API_URL is ${baseUrl}; it usually ends in /v2. Correct it, then run again.`,
      );
      await expect(wrong.org().readCustomFields()).rejects.toBeInstanceOf(AbortedError);
      // A first request that names an organization: the organization may be what was not found.
      const provider = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.PROVIDER, http: { nodeUndici } });
      const unknownOrg = await provider.org(99).readCustomFields().catch((reason: unknown) => reason);
      await provider.close();
      expect(unknownOrg).not.toBeInstanceOf(WrongBaseUrlError);
      expect(unknownOrg).toMatchObject({ kind: 'not-found', status: 404 });
      // A business that does not exist is a documented 404, first request or not.
      const missing = await right.org().readServices('no-such-business').catch((reason: unknown) => reason);
      expect(missing).not.toBeInstanceOf(WrongBaseUrlError);
      expect(missing).toMatchObject({ kind: 'not-found', status: 404 });
      // Past the first request, a 404 of the search is the page's own failure: the run goes on.
      api.emulator.faults.script = (_n, req) => (req.query.get('page') === '2' ? { status: 404 } : undefined);
      const page = await right.org().searchBusinesses({ page: 2 }).catch((reason: unknown) => reason);
      expect(page).not.toBeInstanceOf(WrongBaseUrlError);
      expect(page).toMatchObject({ kind: 'not-found', status: 404 });
      expect((await right.org().searchBusinesses({ per_page: 1 })).count).toBeGreaterThan(0);
    } finally {
      await wrong.close();
      await right.close();
      await api.close();
    }
  });
});
