import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { findFreePort } from '../../test/api/find-free-port.js';
import { waitUntil } from './child.js';

export interface RedisServer {
  url: string;
  freeze(): void;
  thaw(): void;
  stop(): void;
}

export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A throwaway redis-server on 127.0.0.1, nothing saved to disk. */
export async function startRedis(cwd: string): Promise<RedisServer> {
  const port = await findFreePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { cwd, stdio: 'ignore' });
  let listening = false;
  await waitUntil(
    () => {
      const socket = connect(port, '127.0.0.1', () => {
        listening = true;
        socket.destroy();
      });
      socket.on('error', () => socket.destroy());
      return listening;
    },
    10_000,
    'redis-server to listen',
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    stop: () => {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
    },
  };
}
