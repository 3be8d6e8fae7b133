import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ChildEmulator {
  url: string;
  keys: { PROVIDER: string };
  close(): void;
}

const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/**
 * `listing-bulk emulator` in a process of its own, so that the client measured has its process to
 * itself; `args` are the command's flags. Resolves once it prints its start line.
 */
export async function startChildEmulator(args: readonly string[]): Promise<ChildEmulator> {
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const { url, keys } = JSON.parse(line) as { url: string; keys: { PROVIDER: string } };
    return { url, keys, close: () => child.kill('SIGTERM') };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}
