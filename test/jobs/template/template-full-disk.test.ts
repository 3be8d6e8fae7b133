import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeTemplate } from '../../../src/jobs/template/write-template.js';
import { CUSTOM_FIELDS } from '../../resources/custom-field-definitions.js';
import { disk } from '../../sheets/full-disk.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

vi.mock('node:fs', async (importOriginal) => (await import('../../sheets/full-disk.js')).withFullDisk(await importOriginal()));

const logger = pino({ level: 'silent' });

describe('a template written to a full disk', () => {
  afterEach(() => {
    disk.free = Infinity;
  });

  it.each(['xlsx', 'csv'])('%s: says the disk is full and leaves no file', async (extension) => {
    const dir = await makeTempDir();
    const out = join(dir, `businesses.${extension}`);
    disk.free = 1_000;
    await expect(writeTemplate({ resource: 'businesses', out, customFields: CUSTOM_FIELDS }, logger)).rejects.toThrow(
      `Could not write ${out}: the disk is full. Free space, then run the same command again to resume.`,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
