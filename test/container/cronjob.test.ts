import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readManifests } from '../deploy/read-manifests.js';
import { applyFsGroup } from './apply-fs-group.js';
import { startHostEmulator } from './host-emulator.js';
import { makeNightlyFolder } from './nightly-folder.js';
import { podToDockerArgs } from './pod-to-docker-args.js';
import { docker, IMAGE } from './run-process.js';
import { makeTempFolder } from './temp-folder.js';

const dir = await makeTempFolder();
const api = await startHostEmulator();
afterAll(() => api.close());

it("runs deploy/cronjob.yaml's container as the kubelet would, twice: the second run resumes and writes nothing", async () => {
  const cronJob = readManifests().find(({ model }) => model.kind === 'CronJob');
  if (!cronJob) throw new Error('deploy/ has no CronJob');
  const targets = await makeNightlyFolder(dir, api.emulator, 3);
  const reports = join(dir, 'reports');
  await mkdir(reports);
  const gid = cronJob.pod.securityContext?.fsGroup ?? 0;
  // The claims, by fsGroup; the ConfigMap's files stay root's, 0644, as the kubelet writes them.
  await applyFsGroup(join(dir, 'data'), gid);
  await applyFsGroup(reports, gid);
  const args = podToDockerArgs(cronJob.pod, {
    image: IMAGE,
    folders: { jobs: join(dir, 'jobs'), data: join(dir, 'data'), reports },
    secrets: { 'listing-bulk-api-key/api-key': api.emulator.keys.ORG_ADMIN },
    env: { LISTING_API_URL: api.url },
  });
  for (let night = 1; night <= 2; night++) {
    const run = await docker(['run', '--rm', '--network', 'host', ...args]);
    expect(run.code, run.stderr).toBe(0);
  }
  expect(api.writes).toEqual(new Map(targets.map((path) => [path, 1])));
  const [day] = await readdir(join(reports, 'nightly'));
  const report = join(reports, 'nightly', day ?? '');
  expect(await readdir(report)).toEqual(expect.arrayContaining(['journal.jsonl', 'results.csv', 'summary.json']));
  expect((await stat(report)).uid).toBe(cronJob.pod.securityContext?.runAsUser);
});
