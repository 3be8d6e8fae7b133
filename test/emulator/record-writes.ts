import type { TestEmulator } from './start-test-emulator.js';

/** The path of every POST the emulator receives from now on, in order; `writes.length = 0` empties it. */
export function recordWrites(api: TestEmulator): string[] {
  const writes: string[] = [];
  api.emulator.faults.script = (_n, req) => {
    if (req.method === 'POST') writes.push(req.path);
    return undefined;
  };
  return writes;
}
