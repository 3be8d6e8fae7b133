import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
/** tsx's loader by its full address: the child may run in a folder with no node_modules above it. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface CliRun {
  child: ChildProcess;
  /** Resolves with the exit code and what the CLI wrote. */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Resolves once stderr has shown a line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<void>;
}

/** The CLI's own entry in a child process, from the TypeScript sources (tsx), as a user would start its binary. */
export function startCli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, LISTING_API_URL: '', LISTING_API_KEY: '', LISTING_API_KEY_FILE: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const watcher of watchers.filter((candidate) => candidate.pattern.test(stderr))) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => { resolve({ code, stdout, stderr }); });
  });
  return {
    child,
    done,
    waitFor: (pattern) =>
      pattern.test(stderr) ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ pattern, resolve })),
  };
}
