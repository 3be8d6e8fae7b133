import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The tag the README's lines name. */
export const IMAGE = 'listing-bulk';

export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs a command to its end; a non-zero exit is a result, not an error: exit codes are what these tests check. */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      resolve({ code: code ?? (signal === null ? -1 : 128), stdout, stderr });
    });
  });
}

export function docker(args: readonly string[], options: RunOptions = {}): Promise<Finished> {
  return runProcess('docker', args, options);
}
