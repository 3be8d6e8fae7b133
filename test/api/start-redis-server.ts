import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { findFreePort } from './find-free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether a redis-server binary is on PATH (the Debian package, installed by .ci/run). */
export const HAS_REDIS_SERVER = spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServer {
  url: string;
  /** The server's process: tests freeze it with SIGSTOP, as a Redis that hangs without closing its connections. */
  pid: number;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free local port, with no persistence, in a temporary folder. */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-redis-'));
  const port = await findFreePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => { resolve(); }));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => { reject(new Error(`redis-server exited with ${code}: ${output}`)); });
  });
  const { pid } = child;
  if (pid === undefined) throw new Error('redis-server has no pid');
  return {
    url: `redis://127.0.0.1:${port}`,
    pid,
    async stop() {
      // A frozen server would not act on SIGTERM.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
