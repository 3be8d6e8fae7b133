import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Emulator } from '../../src/emulator/emulator.js';
import { ROOT } from './run-process.js';

/**
 * What the README's nightly line mounts: jobs/nightly-business-sync.yaml (the repository's) and
 * data/crm-stores.csv, the CRM's `;` export, renaming the first `count` stores of organization 1.
 * Returns the paths their writes go to.
 */
export async function makeNightlyFolder(dir: string, emulator: Emulator, count: number): Promise<string[]> {
  await mkdir(join(dir, 'jobs'), { recursive: true });
  await mkdir(join(dir, 'data'), { recursive: true });
  await copyFile(join(ROOT, 'jobs/nightly-business-sync.yaml'), join(dir, 'jobs/nightly-business-sync.yaml'));
  const stores = emulator.state.orgBusinesses(1).slice(0, count);
  const rows = stores.map((business, index) => `${business.code ?? ''};Nightly ${index}`);
  await writeFile(join(dir, 'data/crm-stores.csv'), ['code;name', ...rows].join('\r\n'));
  return stores.map((business) => `/business/${business.id}`);
}
