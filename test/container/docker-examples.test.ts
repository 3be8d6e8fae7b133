import { chmod, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeNightlyFolder } from './nightly-folder.js';
import { startHostEmulator } from './host-emulator.js';
import { runProcess, ROOT } from './run-process.js';
import { makeTempFolder } from './temp-folder.js';

const dir = await makeTempFolder();
const api = await startHostEmulator();
afterAll(() => api.close());

/**
 * A `docker` for the script that adds `--network host` to `docker run`: this machine's engine has no
 * bridge network, and the host's is where the emulator stands in for the service. Nothing else changes.
 */
async function hostNetworkDocker(): Promise<string> {
  const docker = (await runProcess('sh', ['-c', 'command -v docker'])).stdout.trim();
  const bin = join(dir, 'bin');
  await runProcess('mkdir', [bin]);
  const shim = join(bin, 'docker');
  await writeFile(shim, `#!/bin/sh\nif [ "$1" = run ]; then shift; exec ${docker} run --network host "$@"; fi\nexec ${docker} "$@"\n`);
  await chmod(shim, 0o755);
  return bin;
}

it("runs the README's docker lines as written: the demo, then the nightly sync against the service", async () => {
  const work = join(dir, 'work');
  const targets = await makeNightlyFolder(work, api.emulator, 3);
  const env = { ...process.env, PATH: `${await hostNetworkDocker()}:${process.env.PATH ?? ''}`, LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN };
  const run = await runProcess('sh', [join(ROOT, 'deploy/docker-examples.sh')], { cwd: work, env });
  expect(run.code, run.stderr).toBe(0);
  expect(await readdir(join(work, 'reports'))).toEqual(['demo', 'nightly']);
  expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '')).toMatchObject({ job: 'nightly-business-sync' });
  expect(api.writes).toEqual(new Map(targets.map((path) => [path, 1])));
});
