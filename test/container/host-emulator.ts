import type { Emulator } from '../../src/emulator/emulator.js';
import { startTestEmulator, type TestEmulator } from '../emulator/start-test-emulator.js';

export interface HostEmulator extends TestEmulator {
  /** Per path, the writes the emulator applied (a POST answered 2xx), across containers. */
  writes: Map<string, number>;
}

/**
 * The emulator's HTTP server on 127.0.0.1, which containers started with `--network host` reach;
 * `onWrite` sees the running total of applied writes (to stop a container mid-import).
 */
export async function startHostEmulator(onWrite: (total: number) => void = () => undefined): Promise<HostEmulator> {
  const api = await startTestEmulator({ transport: 'http' });
  const writes = new Map<string, number>();
  countWrites(api.emulator, writes, onWrite);
  return { ...api, writes };
}

function countWrites(emulator: Emulator, writes: Map<string, number>, onWrite: (total: number) => void): void {
  const handle = emulator.handle.bind(emulator);
  let total = 0;
  emulator.handle = async (req) => {
    const response = await handle(req);
    if (req.method === 'POST' && response.status < 300) {
      writes.set(req.path, (writes.get(req.path) ?? 0) + 1);
      onWrite(++total);
    }
    return response;
  };
}
