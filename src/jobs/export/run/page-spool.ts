import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reviveOddValue, saveOddValue } from '../../../api/schemas/reading/odd-value.js';
import { createOwnerOnlyFolder, isFullDisk, OWNER_ONLY, toWriteError } from '../../../sheets/file/open-output.js';

const MANIFEST = 'manifest.json';
/** What write() names a page (pathOf), and its file while written. */
const PAGE_FILE = /^[0-9a-f]{16}-\d+\.json(?:\.tmp)?$/;

/** The folder of an export's saved pages. */
export const partsOf = (out: string): string => `${out}.parts`;

/**
 * Why the folder `dir` may not be saved pages of an export of `resource` for `orgId`, as open()
 * writes them (its manifest, its pages, nothing else); undefined when it is.
 */
export async function describeForeignParts(dir: string, resource: string, orgId: number | undefined): Promise<string | undefined> {
  const entries = await readdir(dir, { withFileTypes: true });
  const foreign = entries.find((entry) => !entry.isFile() || (entry.name !== MANIFEST && !PAGE_FILE.test(entry.name)));
  if (foreign !== undefined) return `holds ${foreign.name}, which an export does not write`;
  const manifest = await readFile(join(dir, MANIFEST), 'utf8').then((text) => JSON.parse(text) as unknown, () => undefined);
  const same = typeof manifest === 'object' && manifest !== null && 'resource' in manifest && manifest.resource === resource && 'orgId' in manifest && manifest.orgId === (orgId ?? null);
  return same ? undefined : `is not of this export (${resource}${orgId === undefined ? '' : `, organization ${orgId}`}) by its ${MANIFEST}`;
}

/**
 * Pages saved in `<out>.parts/` as they arrive: an export stopped or left with failed pages, run
 * again with the same --out and the same filters, reads the saved pages from disk and requests only
 * the others. The folder is removed once an export completes without failure.
 */
export class PageSpool {
  private constructor(
    readonly dir: string,
    /** Pages found from an earlier run of the same export. */
    readonly resumed: boolean,
  ) {}

  /** `job` tells exports apart: saved pages are reused only for the same one. */
  static async open(out: string, job: unknown): Promise<PageSpool> {
    const dir = partsOf(out);
    const manifest = JSON.stringify(job);
    const saved = await readFile(join(dir, MANIFEST), 'utf8').catch(() => undefined);
    if (saved === manifest) return new PageSpool(dir, true);
    await rm(dir, { recursive: true, force: true });
    // The export's folder is created like a report's, so that job files can name dated folders; it holds client data, as a report does.
    await createOwnerOnlyFolder(dir).catch((error: unknown) => {
      throw toWriteError(error, out);
    });
    await writeFile(join(dir, MANIFEST), manifest, { mode: OWNER_ONLY }).catch((error: unknown) => {
      throw toWriteError(error, join(dir, MANIFEST));
    });
    return new PageSpool(dir, false);
  }

  /** The page saved for `source`, or undefined. */
  async read<T>(source: string, page: number): Promise<T | undefined> {
    const text = await readFile(this.pathOf(source, page), 'utf8').catch(() => undefined);
    // Written by write() below from the same types, values that did not read kept as such.
    return text === undefined ? undefined : (JSON.parse(text, reviveOddValue) as T);
  }

  /**
   * Written whole or not at all: a crash mid-write leaves no truncated page behind. On a full disk
   * the page is not saved (a rerun requests it again): the export stops at its own file, removed
   * whole, rather than here with that file half written.
   */
  async write(source: string, page: number, data: unknown): Promise<void> {
    const path = this.pathOf(source, page);
    try {
      await writeFile(`${path}.tmp`, JSON.stringify(data, saveOddValue), { mode: OWNER_ONLY });
      await rename(`${path}.tmp`, path);
    } catch (error) {
      await rm(`${path}.tmp`, { force: true });
      if (!isFullDisk(error)) throw toWriteError(error, path);
    }
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  private pathOf(source: string, page: number): string {
    const key = createHash('sha256').update(source).digest('hex').slice(0, 16);
    return join(this.dir, `${key}-${page}.json`);
  }
}
