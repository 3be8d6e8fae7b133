import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { ApiError } from '../../api/api-error.js';
import type { CustomFieldDefinition } from '../../api/schemas/custom-fields.js';
import type { OrgApi } from '../../api/org-api.js';
import type { BusinessTarget } from '../../resources/business-target.js';
import { buildBusinessCatalog, type BusinessRowUpdate } from '../../resources/businesses/business-catalog.js';
import { describeBusinessTarget, findIdentityColumn } from '../describe-business-target.js';
import type { ImportOptions, ImportSummary } from '../import-options.js';
import type { ImportRun } from '../import-run.js';
import { openImport, type ValidRow } from '../open-import.js';
import { completeBusinessUpdate, needsCurrentBusiness, type CurrentBusiness } from './complete-business-update.js';
import { describePatch, diffBusiness } from './diff-business.js';
import { resolveBusinesses } from './resolve-businesses.js';

/** Rows read together: one search request resolves up to 100 of them. */
const BATCH_SIZE = 100;

type BusinessRow = ValidRow<BusinessTarget, BusinessRowUpdate>;

/**
 * Imports a sheet of businesses: every row validated, businesses read in pages of 100 where the
 * mode needs them, only what changes sent (diff) or every filled cell (patch), a report row each.
 */
export async function importBusinesses(client: ApiClient, options: ImportOptions, logger: Logger): Promise<ImportSummary> {
  const api = client.org(options.orgId);
  const catalog = buildBusinessCatalog(await readCustomFieldDefinitions(api, logger));
  const { run, rows } = await openImport(client, options, logger, catalog);
  const importer = new BusinessBatches(run, api);
  let batch: BusinessRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH_SIZE) {
      await importer.send(batch);
      batch = [];
    }
  }
  await importer.send(batch);
  return run.finish('businesses');
}

/** Without definitions (a PROVIDER key and no --org), custom_fields.* columns are reported as unknown. */
async function readCustomFieldDefinitions(api: OrgApi, logger: Logger): Promise<CustomFieldDefinition[]> {
  try {
    return (await api.readCustomFields()).custom_fields;
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'invalid-request') throw error;
    logger.warn('custom fields not read (a PROVIDER key needs --org): custom_fields.* columns are ignored');
    return [];
  }
}

class BusinessBatches {
  /** First row of each business, so a second row for it is refused instead of silently overwriting. */
  private readonly firstLine = new Map<string, number>();

  constructor(
    private readonly run: ImportRun,
    private readonly api: OrgApi,
  ) {}

  async send(rows: readonly BusinessRow[]): Promise<void> {
    if (rows.length === 0) return;
    const { mode } = this.run.options;
    const toRead = rows.filter((row) => mode === 'diff' || 'code' in row.target || needsCurrentBusiness(row.update));
    let resolved: Awaited<ReturnType<typeof resolveBusinesses>> | undefined;
    try {
      resolved = toRead.length === 0 ? undefined : await resolveBusinesses(this.api, toRead.map((row) => row.target));
    } catch (error) {
      for (const row of rows) await this.run.fail({ ...row.base, target: describeBusinessTarget(row.target) }, error, findIdentityColumn(row.target));
      return;
    }
    this.run.reads += resolved?.reads ?? 0;
    for (const row of rows) {
      if (this.run.stopReason !== undefined) {
        await this.run.skip(row.base);
        continue;
      }
      const resolution = toRead.includes(row) && resolved !== undefined ? resolved.resolve(row.target) : undefined;
      if (resolution?.found === false) {
        await this.run.record({ ...row.base, status: 'failed', target: describeBusinessTarget(row.target), changes: [], errors: [resolution.error] });
        continue;
      }
      await this.sendRow(row, resolution?.business);
    }
  }

  private async sendRow(row: BusinessRow, current: CurrentBusiness | undefined): Promise<void> {
    const id = current?.id ?? ('business_id' in row.target ? row.target.business_id : undefined);
    const target = id ?? describeBusinessTarget(row.target);
    const key = id ?? target;
    const earlier = this.firstLine.get(key);
    if (earlier !== undefined) {
      const column = findIdentityColumn(row.target);
      await this.run.record({
        ...row.base,
        status: 'invalid',
        target,
        changes: [],
        errors: [`${column}: the same business as row ${earlier}; give each business one row`],
      });
      return;
    }
    this.firstLine.set(key, row.base.line);
    const complete = completeBusinessUpdate(row.update, current);
    const { payload, changes } = current === undefined || this.run.options.mode === 'patch' ? { payload: complete, changes: describePatch(complete) } : diffBusiness(complete, current);
    if (changes.length === 0) {
      await this.run.record({ ...row.base, status: 'unchanged', target, changes: [], errors: [] });
      return;
    }
    if (this.run.options.dryRun) {
      await this.run.record({ ...row.base, status: 'would_update', target, changes, errors: [] });
      return;
    }
    await this.run.dispatch(async () => {
      try {
        this.run.writes++;
        await this.api.updateBusiness(target, payload);
        await this.run.record({ ...row.base, status: 'updated', target, changes, errors: [] });
      } catch (error) {
        await this.run.fail({ ...row.base, target }, error, findIdentityColumn(row.target));
      }
    });
  }
}
