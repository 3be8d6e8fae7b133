import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/emulator.js';
import { createEmulatorHandlers } from './msw-handlers.js';
import { startTestEmulator } from './start-test-emulator.js';

const BASE = 'https://api.emulator.test/v2';

describe('msw transport', () => {
  const emulator = createEmulator({ businesses: 20, feedback: 0 });
  const server = setupServer(...createEmulatorHandlers(emulator, BASE));
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    emulator.faults.script = undefined;
  });
  afterAll(() => {
    server.close();
  });

  it('serves the same handlers in process', async () => {
    const res = await fetch(`${BASE}/business/search?per_page=5`, { headers: { 'x-APIKey': emulator.keys.ORG_ADMIN } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ count: 16, max_page: 4 });
  });

  it('turns a scripted reset into a network error', async () => {
    emulator.faults.script = () => ({ kind: 'reset' });
    await expect(fetch(`${BASE}/business/search`, { headers: { 'x-APIKey': emulator.keys.ORG_ADMIN } })).rejects.toThrow();
  });
});

describe('fault injection over HTTP', () => {
  it('scripts answers by request number, then behaves', async () => {
    const api = await startTestEmulator();
    api.emulator.faults.script = (n) => (n <= 2 ? { status: 429, headers: { 'retry-after': '1' } } : n === 3 ? { status: 503 } : undefined);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.call('GET', '/business/search?per_page=1')).status);
    expect(statuses).toEqual([429, 429, 503, 200]);
    await api.close();
  });

  it('resets connections and sends slow bodies', async () => {
    const api = await startTestEmulator();
    api.emulator.faults.script = (n) => (n === 1 ? { kind: 'reset' } : { kind: 'slow-body', durationMs: 20 });
    await expect(api.call('GET', '/business/search')).rejects.toThrow();
    const slow = await api.call<{ count: number }>('GET', '/business/search');
    expect(slow.body.count).toBe(48);
    await api.close();
  });

  it('draws random faults deterministically under a seed', async () => {
    const draw = async () => {
      const api = await startTestEmulator({ seed: 7, faultRate: 0.3 });
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await api.call('GET', '/business/search?per_page=1')).status);
      await api.close();
      return statuses;
    };
    const first = await draw();
    expect(first.filter((status) => status >= 500).length).toBeGreaterThan(3);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(10);
    expect(await draw()).toEqual(first);
  });
});
