import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.js';
import { businessReadSchema } from '../../../api/schemas/business-read.js';
import type { BusinessTarget } from '../../../resources/business-target.js';
import { assembleBusinessUpdate } from '../../../resources/businesses/assemble-business-update.js';
import { buildBusinessCatalog, type BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import { describeBusinessTarget, findIdentityColumn } from '../../../resources/describe-business-target.js';
import type { ImportOptions, ImportSummary } from '../import-options.js';
import type { ImportRun } from '../import-run.js';
import { openImport, type ValidRow } from '../open-import.js';
import { OrgRouting } from '../org-routing.js';
import { readCustomFieldDefinitions } from '../../read-custom-field-definitions.js';
import { BusinessRoundTrip } from './business-round-trip.js';
import { completeBusinessUpdate, type CurrentBusiness } from './complete-business-update.js';
import { describePatch, diffBusiness } from './diff-business.js';
import { importAfterPlan, type ImportPass } from './import-after-plan.js';
import { resolveBusinesses, type ResolvedTargets } from './resolve-businesses.js';

/** Rows read together: one search request resolves up to 100 of them. */
const BATCH_SIZE = 100;

type BusinessRow = ValidRow<BusinessTarget, BusinessRowValues>;

/**
 * Imports a sheet of businesses: every row validated, businesses read in pages of 100, only what
 * the file changed sent (diff, three-way with `_base`) or every filled cell (patch), a report row
 * each, a plan file for a dry run and an undo file for a run that writes. With breakers, the whole
 * file is planned first.
 */
export async function importBusinesses(client: ApiClient, options: ImportOptions, logger: Logger): Promise<ImportSummary> {
  const runPass = (passOptions: ImportOptions): Promise<ImportPass> => importBusinessPass(client, passOptions, logger);
  if (options.breakers === undefined) return (await runPass(options)).summary;
  logger.info('breakers are set: the whole file is planned before any write');
  return importAfterPlan(options, options.breakers, runPass);
}

async function importBusinessPass(client: ApiClient, options: ImportOptions, logger: Logger): Promise<ImportPass> {
  const routing = new OrgRouting(client, options.orgId);
  const customFields = await readCustomFieldDefinitions(routing.lookup, logger);
  const catalog = buildBusinessCatalog(customFields);
  const firstLine = new Map<string, number>();
  // A business an earlier run sent or compared stays taken: a later row for it is still refused.
  const { run, rows } = await openImport(client, options, logger, catalog, (row) => {
    if (row.target !== undefined && row.status !== 'invalid' && !firstLine.has(row.target)) firstLine.set(row.target, row.line);
  });
  run.organizations = () => routing.tally();
  const roundTrip = await BusinessRoundTrip.open(options, catalog.columns, run.report.columns);
  try {
    const importer = new BusinessBatches(run, routing, firstLine, roundTrip, businessReadSchema(customFields));
    let batch: BusinessRow[] = [];
    for await (const row of rows) {
      if (await importer.skipUntouched(row)) continue;
      batch.push(row);
      if (batch.length === BATCH_SIZE) {
        await importer.send(batch);
        batch = [];
      }
    }
    await importer.send(batch);
    return { summary: await run.finish('businesses'), statusChanges: roundTrip.statusChanges, planFile: roundTrip.planFile };
  } finally {
    await roundTrip.close();
  }
}

class BusinessBatches {
  constructor(
    private readonly run: ImportRun,
    private readonly routing: OrgRouting,
    /** First row of each business, so a second row for it is refused instead of silently overwriting. */
    private readonly firstLine: Map<string, number>,
    private readonly roundTrip: BusinessRoundTrip,
    /** Every field the import compares and completes, custom fields typed: a business that does not fit fails its rows. */
    private readonly schema: z.ZodType<CurrentBusiness>,
  ) {}

  /** A row the file left as it was exported is unchanged without a request; its business stays taken for later rows. */
  async skipUntouched(row: BusinessRow): Promise<boolean> {
    const id = this.roundTrip.findUntouched(row.base.values, row.target);
    if (id === undefined) return false;
    const earlier = this.firstLine.get(id);
    if (earlier !== undefined) return false;
    this.firstLine.set(id, row.base.line);
    await this.run.record({ ...row.base, status: 'unchanged', target: id, changes: [], errors: [] });
    return true;
  }

  async send(rows: readonly BusinessRow[]): Promise<void> {
    if (rows.length === 0) return;
    let resolved: ResolvedTargets;
    try {
      // Both modes read: diff compares, patch completes partial fields, and the undo file keeps the before-image.
      resolved = await resolveBusinesses(this.routing.lookup, rows.map((row) => row.target), this.schema);
    } catch (error) {
      for (const row of rows) await this.run.fail({ ...row.base, target: describeBusinessTarget(row.target) }, error, findIdentityColumn(row.target));
      return;
    }
    this.run.reads += resolved.reads;
    this.routing.note(resolved.organizations);
    for (const row of rows) {
      if (this.run.stopReason !== undefined) {
        await this.run.skip(row.base);
        continue;
      }
      const resolution = resolved.resolve(row.target);
      if (!resolution.found) {
        await this.run.record({ ...row.base, status: 'failed', target: describeBusinessTarget(row.target), changes: [], errors: [resolution.error] });
        continue;
      }
      await this.sendRow(row, resolution.business);
    }
  }

  private async sendRow(row: BusinessRow, current: CurrentBusiness): Promise<void> {
    const target = current.id;
    const earlier = this.firstLine.get(target);
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
    this.firstLine.set(target, row.base.line);
    // Charged to the business's organization: a throttled one holds back its own rows only.
    const api = this.routing.forOrg(current.org_id);
    const merged = this.roundTrip.merge(row.base.values, row.update, current);
    if ('status' in merged) {
      await this.run.record({ ...row.base, target, ...merged });
      return;
    }
    const completed = completeBusinessUpdate(assembleBusinessUpdate(merged.values), current);
    if ('errors' in completed) {
      await this.run.record({ ...row.base, status: 'invalid', target, changes: [], errors: completed.errors });
      return;
    }
    const complete = completed.payload;
    const diff = diffBusiness(complete, current, this.roundTrip.columns);
    // A patch sends every filled cell; the plan and the undo file still hold only what differs.
    const { payload, changes: fieldChanges } = this.run.options.mode === 'patch' ? { payload: complete, changes: describePatch(complete) } : diff;
    if (fieldChanges.length === 0) {
      await this.run.record({ ...row.base, status: 'unchanged', target, changes: [], errors: [] });
      return;
    }
    const changes = [...fieldChanges, ...merged.overwritten];
    if (this.run.options.dryRun) {
      await this.run.record({ ...row.base, status: 'would_update', target, changes, errors: [] });
      await this.roundTrip.addToPlan(row.base.line, target, diff.columns);
      return;
    }
    await this.run.dispatch(async () => {
      try {
        await this.roundTrip.addToUndo(target, diff.columns);
        await this.run.write(() => api.updateBusiness(target, payload));
        await this.run.record({ ...row.base, status: 'updated', target, changes, errors: [] });
      } catch (error) {
        await this.run.fail({ ...row.base, target }, error, findIdentityColumn(row.target));
      }
    });
  }
}
