import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The built CLI: the attacks try what users run, so `npm run build` comes first. */
export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** From its last byte of output to its exit: a process that lingers after its work shows here. */
  quietMs: number;
  /** Killed by the guard after `timeoutMs`. */
  timedOut: boolean;
}

export interface RunningChild {
  process: ChildProcess;
  result: Promise<ChildResult>;
}

export interface ChildOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** The environment of the attacks' children: ours without any LISTING_* a developer's shell may hold. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LISTING_')));
  return { ...env, ...extra };
}

/** Starts `command`; the guard kills it (SIGKILL) past `timeoutMs`, so no attack can hang the script. */
export function startChild(command: string, args: string[], options: ChildOptions): RunningChild {
  const started = Date.now();
  let lastOutput = started;
  const child = spawn(command, args, { cwd: options.cwd, env: childEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    lastOutput = Date.now();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    lastOutput = Date.now();
  });
  let timedOut = false;
  const guard = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 60_000);
  const result = new Promise<ChildResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      const ended = Date.now();
      resolve({ code, signal, stdout, stderr, wallMs: ended - started, quietMs: ended - lastOutput, timedOut });
    });
  });
  return { process: child, result };
}

/** `node dist/cli/main.js …`, run to its end. */
export function runCli(args: string[], options: ChildOptions): Promise<ChildResult> {
  return startCli(args, options).result;
}

export function startCli(args: string[], options: ChildOptions): RunningChild {
  return startChild(process.execPath, [CLI, ...args], options);
}

export interface Emulator {
  url: string;
  keys: Record<string, string>;
  stop(): void;
}

/** The built CLI's emulator: off a terminal it prints one JSON line with its URL and keys. */
export async function startEmulator(args: string[], cwd: string): Promise<Emulator> {
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0', ...args], { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => { reject(new Error(`the emulator exited (${String(code)}) before printing its address`)); });
  });
  lines.close();
  const line = JSON.parse(first) as { url: string; keys: Record<string, string> };
  return { url: line.url, keys: line.keys, stop: () => child.kill('SIGTERM') };
}

/** Polls `condition` (a script, not a test: time is what is attacked here). */
export async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
