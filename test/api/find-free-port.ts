import { createServer } from 'node:net';

/** A port of 127.0.0.1 nothing listens on: taken from the OS, then given back (a server's to take, or a closed port to fail on). */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return address.port;
}
