import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { docker, IMAGE, ROOT, runProcess } from './run-process.js';

/** The shared scripts that start an engine and build the base image: beside the checkout, or where CONTAINER_SCRIPTS says. */
const SHARED_SCRIPTS = process.env.CONTAINER_SCRIPTS ?? join(ROOT, '../shared/container');
const BASE_IMAGE = 'node:22-bookworm-slim';

/** Global setup of `npm run test:container`: an engine, then the image, built once for every file. */
export default async function buildImage(): Promise<void> {
  await ensureEngine();
  const started = Date.now();
  const build = await docker(['build', '--network', 'host', '-t', IMAGE, '.'], { cwd: ROOT });
  if (build.code !== 0) throw new Error(`docker build failed:\n${build.stdout}\n${build.stderr}`);
  const size = Number((await docker(['image', 'inspect', IMAGE, '--format', '{{.Size}}'])).stdout);
  console.log(`${IMAGE}: ${Math.round(size / 1e6)} MB, built in ${Math.round((Date.now() - started) / 1000)} s`);
}

// Machines without an image registry start their own engine and base image (../shared/container/README.md):
// both scripts do nothing when it is already done.
async function ensureEngine(): Promise<void> {
  const scripted = existsSync(SHARED_SCRIPTS);
  if ((await docker(['info'])).code !== 0) {
    if (!scripted) throw new Error(`No Docker engine answers and no scripts to start one in ${SHARED_SCRIPTS}: start one (or set CONTAINER_SCRIPTS to the folder of start-dockerd.sh), then run npm run test:container again.`);
    await runScript('start-dockerd.sh');
  }
  if (scripted && (await docker(['image', 'inspect', BASE_IMAGE])).code !== 0) await runScript('make-node-base.sh');
}

async function runScript(name: string): Promise<void> {
  const run = await runProcess('bash', [join(SHARED_SCRIPTS, name)]);
  if (run.code !== 0) throw new Error(`${name} failed:\n${run.stdout}\n${run.stderr}`);
}
