import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.js';
import type { OrgApi } from '../../../api/org-api.js';
import type { CustomFieldReading } from '../../../api/schemas/custom-fields/custom-field-reading.js';
import { businessReadSchema } from '../../../api/schemas/business-read.js';
import type { BusinessTarget } from '../../../resources/business-target.js';
import { buildBusinessCatalog, type BusinessRowValues } from '../../../resources/businesses/business-catalog.js';
import type { BusinessUpdate } from '../../../api/schemas/business.js';
import type { ReadBack } from '../describe-row-failure.js';
import { listCustomFieldNames } from '../../../resources/businesses/pending-custom-field-column.js';
import { describeBusinessTarget, findIdentityColumn } from '../../../resources/describe-business-target.js';
import type { CodePage } from '../../../sheets/index.js';
import { readCellContext } from '../../../resources/cells/cell-context.js';
import type { ImportSummary, OpenImportOptions } from '../import-options.js';
import type { ImportRun } from '../import-run.js';
import { openImport, type OpenedImport, type ValidRow } from '../open-import.js';
import type { ReportedRow } from '../report/import-report.js';
import type { ImportCatalog } from '../../../resources/resource-catalog.js';
import { OrgRouting } from '../org-routing.js';
import { ORG_ID_COLUMN } from '../read-row-org.js';
import { PLAN_DIR, PLANNED_READS_FILE } from '../report/open-report-dir.js';
import { toReportDirError } from '../report/create-report-dir.js';
import { tryReadCustomFieldDefinitions } from '../../read-custom-field-definitions.js';
import { openImportHead } from '../sheet/open-import-sheet.js';
import { checkSheetColumns, findUnknownColumns } from '../sheet/check-sheet-columns.js';
import { BusinessRoundTrip } from './round-trip/business-round-trip.js';
import type { CurrentBusiness } from './complete-business-update.js';
import { importAfterPlan, type ImportPass, type PassStage } from './import-after-plan.js';
import { planBusinessRow } from './plan-business-row.js';
import { PlannedReads } from './reads/planned-reads.js';
import { OrgCustomFields, type OrgRow } from './org-custom-fields.js';
import { OrgReadBatches, type ReadBatch } from './reads/org-read-batches.js';
import { isRefusedOrganization } from '../../../api/errors/is-refused-organization.js';
import { AbortedError } from '../../../api/errors/api-error.js';
import { orElse, resolveBusinesses, type Resolution, type ResolvedTargets } from './reads/resolve-businesses.js';
import { StoreCodeSearch } from './reads/store-code-search.js';
import { readAgainstBusiness } from './read-against-business.js';

/** Rows read together: one search request resolves up to 100 of them. */
const BATCH_SIZE = 100;
/**
 * Rows waiting for their organization's read, at most: a PROVIDER sheet over a hundred
 * organizations still reads about a hundred rows at a time, and the report holds back no more.
 */
const READ_WINDOW = 10_000;

type BusinessRow = ValidRow<BusinessTarget, BusinessRowValues>;

/**
 * Imports a sheet of businesses: every row validated, businesses read in pages of 100, only what
 * the file changed sent (diff, three-way with `_base`) or every filled cell (patch), a report row
 * each, a plan file for a dry run and an undo file for a run that writes. With breakers, the whole
 * file is planned first.
 */
export async function importBusinesses(client: ApiClient, options: OpenImportOptions, logger: Logger): Promise<ImportSummary> {
  // Shared by the planning pass and the run: each organization's definitions are read once.
  const orgCustomFields = new OrgCustomFields(client, logger);
  // Shared too: how the service reads a list of store codes is learnt once for the run.
  const codeSearch = new StoreCodeSearch(logger);
  let definitions: Promise<CustomFieldReading[] | undefined> | undefined;
  const readDefinitions = (api: OrgApi) => (definitions ??= tryReadCustomFieldDefinitions(api, logger));
  const definitionReads = (): number => (definitions === undefined ? 0 : 1) + orgCustomFields.reads;
  const shared = { orgCustomFields, codeSearch, readDefinitions, definitionReads };
  const plannedReadsFile = join(options.reportDir, PLAN_DIR, PLANNED_READS_FILE);
  // A run killed after its plan left the businesses it read (client data): only the run after a plan takes them.
  if (options.breakers === undefined || options.dryRun) {
    await rm(plannedReadsFile, { force: true }).catch((error: unknown) => {
      throw toReportDirError(error, options.reportDir) ?? error;
    });
  }
  if (options.breakers === undefined) return (await importBusinessPass(client, options, logger, shared)).summary;
  logger.info('breakers are set: the whole file is planned before any write');
  // A dry run is its own plan: no run follows it.
  if (options.dryRun) return importAfterPlan(options, options.breakers, (passOptions) => importBusinessPass(client, passOptions, logger, shared));
  const plannedReads = new PlannedReads(plannedReadsFile);
  try {
    return await importAfterPlan(options, options.breakers, (passOptions, stage) => importBusinessPass(client, passOptions, logger, { ...shared, plannedReads: { reads: plannedReads, stage } }));
  } finally {
    await plannedReads.close();
  }
}

/** What the passes of one import share: each organization's definitions and the store-code search are learnt once; with breakers, the businesses the plan read. */
interface SharedReads {
  orgCustomFields: OrgCustomFields;
  codeSearch: StoreCodeSearch;
  /** The key's own custom field definitions, read by the first pass. */
  readDefinitions: (api: OrgApi) => Promise<CustomFieldReading[] | undefined>;
  /** The custom field definitions read so far, the key's own and each organization's. */
  definitionReads: () => number;
  plannedReads?: { reads: PlannedReads; stage: PassStage };
}

async function importBusinessPass(client: ApiClient, options: OpenImportOptions, logger: Logger, { orgCustomFields, codeSearch, readDefinitions, definitionReads, plannedReads }: SharedReads): Promise<ImportPass> {
  const routing = new OrgRouting(client, options.orgId);
  const firstLine = new Map<string, number>();
  // A business an earlier run sent or compared stays taken: a later row for it is still refused.
  const onRestored = (row: ReportedRow): void => {
    if (row.target !== undefined && row.status !== 'invalid' && !firstLine.has(row.target)) firstLine.set(row.target, row.line);
  };
  const { run, rows, catalog, customFields } = await openBusinessImport(client, options, logger, { lookup: routing.lookup, readDefinitions, onRestored });
  run.organizations = () => routing.tally();
  if (plannedReads?.stage === 'run') run.reads = plannedReads.reads.requests;
  run.readsPerRowLeft = () => codeSearch.readsPerRowLeft();
  const roundTrip = await BusinessRoundTrip.open(options, catalog.columns, run.report);
  run.report.onWritten = (row) => roundTrip.addReportedToPlan(row);
  run.closeFiles = () => roundTrip.close();
  try {
    const schema = businessReadSchema(customFields ?? []);
    const reads = plannedReads === undefined ? undefined : { ...plannedReads, schema };
    const { codePage } = readCellContext(run.report.dialect);
    const importer = new BusinessBatches(run, routing, codeSearch, firstLine, roundTrip, schema, orgCustomFields, reads, codePage);
    const batches = new OrgReadBatches<BusinessRow>(BATCH_SIZE, READ_WINDOW);
    for await (const row of rows) {
      if (await importer.skipUntouched(row)) continue;
      for (const batch of batches.add(routing.readKey(readOrgIdCell(row.update)), row)) await importer.send(batch);
    }
    for (const batch of batches.drain()) await importer.send(batch);
    // The definitions are read by the first pass: a run after its plan has them counted already.
    if (plannedReads?.stage !== 'run') run.reads += definitionReads();
    if (plannedReads?.stage === 'plan') plannedReads.reads.requests = run.reads;
    return { summary: await run.finish('businesses'), statusChanges: roundTrip.statusChanges, planFile: roundTrip.planFile };
  } finally {
    await roundTrip.close();
  }
}

type BusinessImport = OpenedImport<BusinessTarget, BusinessRowValues> & { catalog: ImportCatalog<BusinessTarget, BusinessRowValues>; customFields: CustomFieldReading[] | undefined };

/**
 * Opens the sheet to its header, builds the catalog from the key's custom field definitions (or,
 * when it reads none, from the header's custom_fields.* columns) and reads the rows on from the
 * same head.
 */
async function openBusinessImport(
  client: ApiClient,
  options: OpenImportOptions,
  logger: Logger,
  { lookup, readDefinitions, onRestored }: { lookup: OrgApi; readDefinitions: SharedReads['readDefinitions']; onRestored: (row: ReportedRow) => void },
): Promise<BusinessImport> {
  const staticColumns = buildBusinessCatalog([]).columns;
  const staticHeaders = staticColumns.map((column) => column.header);
  const head = await openImportHead(options.source, 'businesses', staticHeaders, options);
  try {
    // Before the definitions are read, the first request: only custom_fields.* columns wait for them.
    const unknown = findUnknownColumns(head.columns, staticHeaders);
    const unmatched = new Set(unknown);
    const matched = head.columns.filter((name) => !unmatched.has(name));
    checkSheetColumns({ file: options.file, source: head.source, unknown, matched, columns: staticColumns, ignore: options.ignoreColumns ?? [], deferCustomFields: true });
    const customFields = await readDefinitions(lookup);
    if (customFields === undefined) {
      logger.warn("custom fields not read for the key (a PROVIDER key without --org): custom_fields.* cells are checked against the definitions of their business's organization, read once per organization");
    }
    const asExported = { skipCellsAsExported: options.mode === 'diff' };
    const catalog = customFields === undefined ? buildBusinessCatalog([], listCustomFieldNames(head.columns), asExported) : buildBusinessCatalog(customFields, [], asExported);
    return { ...(await openImport(client, options, logger, catalog, { head, onRestored })), catalog, customFields };
  } catch (error) {
    await head.close();
    throw error;
  }
}

class BusinessBatches {
  constructor(
    private readonly run: ImportRun,
    private readonly routing: OrgRouting,
    private readonly codeSearch: StoreCodeSearch,
    /** First row of each business, so a second row for it is refused instead of silently overwriting. */
    private readonly firstLine: Map<string, number>,
    private readonly roundTrip: BusinessRoundTrip,
    /** Every field the import compares and completes, custom fields typed: a business that does not fit fails its rows. */
    private readonly schema: z.ZodType<CurrentBusiness>,
    /** When the key reads no custom fields of its own, each row's custom field cells wait for its organization's (PendingCell). */
    private readonly orgCustomFields: OrgCustomFields,
    /** With breakers: the plan records the businesses it reads, the run takes them. */
    private readonly plannedReads: { reads: PlannedReads; stage: PassStage; schema: z.ZodType<CurrentBusiness> } | undefined,
    /** The input's code page, if it is in one: what it lacks, a cell of it cannot hold. */
    private readonly codePage: CodePage | undefined,
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

  /**
   * Reads the businesses of a batch, with its organization's endpoints when the sheet names it
   * (charged to that organization's budget), then writes their rows. A business the sheet puts
   * in another organization than its own (a move) is looked up again without one.
   */
  async send({ org, rows }: ReadBatch<BusinessRow>): Promise<void> {
    if (rows.length === 0) return;
    if (await this.skipIfStopped(rows)) return;
    const planned = await this.takePlannedReads(rows);
    const unread = rows.filter((row) => !planned.has(row));
    let resolved: ResolvedTargets | undefined;
    try {
      // Both modes read: diff compares, patch completes partial fields, and the undo file keeps the before-image.
      if (unread.length > 0) resolved = await this.resolve(org, unread);
    } catch (error) {
      for (const row of unread) await this.run.fail({ ...row.base, target: describeBusinessTarget(row.target) }, error, findIdentityColumn(row.target));
    }
    this.routing.note(new Set([...planned.values()].map((business) => business.org_id)));
    for (const row of rows) {
      const business = planned.get(row);
      const resolution: Resolution | undefined = business === undefined ? resolved?.resolve(row.target, readOrgIdCell(row.update)) : { found: true, business };
      // A row whose read failed is reported already.
      if (resolution === undefined) continue;
      if (this.run.stopReason !== undefined) {
        await this.run.skip(row.base);
        continue;
      }
      if (!resolution.found) {
        await this.run.record({ ...row.base, status: 'failed', target: describeBusinessTarget(row.target), changes: [], errors: [resolution.error] });
        continue;
      }
      if (this.plannedReads?.stage === 'plan') await this.plannedReads.reads.record(row.base.line, resolution.business);
      await this.sendRow(row, resolution.business);
    }
  }

  /** Rows held for their batch when the import stopped cost no read: they are skipped. */
  private async skipIfStopped(rows: readonly BusinessRow[]): Promise<boolean> {
    if (this.run.stopReason === undefined) return false;
    for (const row of rows) await this.run.skip(row.base);
    return true;
  }

  private async resolve(org: ReadBatch<BusinessRow>['org'], rows: readonly BusinessRow[]): Promise<ResolvedTargets> {
    const targets = rows.map((row) => row.target);
    const options = { schema: this.schema, orgId: this.run.options.orgId };
    const lookUp = (missing: readonly BusinessTarget[]): Promise<ResolvedTargets> => resolveBusinesses(this.routing.lookup, missing, this.codeSearch, options);
    if (org === 'lookup') return this.noteResolved(await lookUp(targets));
    // An org_id the service refuses (an organization not there, or not the key's) is looked up too: the row's write then says what is wrong.
    const inOrg = await resolveBusinesses(this.routing.reader(org), targets, this.codeSearch, options).catch((error: unknown) => {
      if (isRefusedOrganization(error)) return undefined;
      throw error;
    });
    const missing = inOrg === undefined ? targets : targets.filter((target) => !inOrg.resolve(target, org).found);
    if (missing.length === 0 && inOrg !== undefined) return this.noteResolved(inOrg);
    const found = await lookUp(missing);
    return this.noteResolved(inOrg === undefined ? found : orElse(inOrg, found));
  }

  private noteResolved(resolved: ResolvedTargets): ResolvedTargets {
    this.run.reads += resolved.reads;
    this.routing.note(resolved.organizations);
    return resolved;
  }

  /** In the run after a plan, the businesses the plan read for these rows. */
  private async takePlannedReads(rows: readonly BusinessRow[]): Promise<Map<BusinessRow, CurrentBusiness>> {
    const planned = new Map<BusinessRow, CurrentBusiness>();
    if (this.plannedReads?.stage !== 'run') return planned;
    const { reads, schema } = this.plannedReads;
    for (const row of rows) {
      const raw = await reads.take(row.base.line);
      const parsed = raw === undefined ? undefined : schema.safeParse(raw);
      if (parsed?.success === true) planned.set(row, parsed.data);
    }
    return planned;
  }

  private async sendRow(given: BusinessRow, current: CurrentBusiness): Promise<void> {
    const restored = readAgainstBusiness(given.update, current, this.codePage);
    const row = restored.notes.length === 0 ? given : { ...given, base: { ...given.base, notes: [...(given.base.notes ?? []), ...restored.notes] }, update: restored.values };
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
    if (restored.errors.length > 0) {
      await this.run.record({ ...row.base, status: 'invalid', target, changes: [], errors: restored.errors });
      return;
    }
    const read = await this.readOrgFields(row, current);
    if (read === undefined) return;
    // Charged to the business's organization: a throttled one holds back its own rows only.
    const api = this.routing.forOrg(current.org_id);
    const { options } = this.run;
    const plan = planBusinessRow(
      { cells: row.base.values, values: read.values, columns: read.columns, current: read.current },
      { mode: options.mode, allowCodeChanges: options.allowCodeChanges === true, onConflict: options.onConflict },
    );
    if (plan.status !== 'write') {
      await this.run.record({ ...row.base, target, status: plan.status, changes: plan.changes, errors: plan.errors });
      return;
    }
    const { payload, changes, columns } = plan;
    if (options.dryRun) {
      this.roundTrip.addToPlan(row.base.line, read.current, columns);
      await this.run.record({ ...row.base, status: 'would_update', target, changes, errors: [] });
      return;
    }
    await this.run.dispatch(async () => {
      let notSent = (): void => undefined;
      try {
        notSent = this.roundTrip.addToUndo(read.current, columns);
        await this.run.lockedFields.send(current.org_id, payload, read.current, (sendable) => this.run.write((signal) => api.withSignal(signal).updateBusiness(target, sendable)));
        await this.run.record({ ...row.base, status: 'updated', target, changes, errors: [] });
      } catch (error) {
        if (error instanceof AbortedError) notSent();
        await this.run.fail({ ...row.base, target }, error, findIdentityColumn(row.target), findReadBack(payload, read.values));
      }
    });
  }

  /** The row as its business's organization reads it (OrgCustomFields); undefined once its outcome is reported. */
  private async readOrgFields(row: BusinessRow, current: CurrentBusiness): Promise<OrgRow | undefined> {
    const target = current.id;
    try {
      const read = await this.orgCustomFields.readRow({ values: row.update, columns: this.roundTrip.columns, current });
      if (!('status' in read)) return read;
      await this.run.record({ ...row.base, target, changes: [], ...read });
    } catch (error) {
      await this.run.fail({ ...row.base, target }, error, findIdentityColumn(row.target));
    }
    return undefined;
  }
}

/** A path of the payload inside a nested field the row gives no cell of: a value sent back as read, since nested fields go whole. */
function findReadBack(payload: BusinessUpdate, values: BusinessRowValues): ReadBack {
  const given = [...values.keys()].map((column) => column.header);
  return (path) => {
    const [field = ''] = path.split('.');
    return field !== path && field in payload && !given.some((header) => path === header || path.startsWith(`${header}.`) || header.startsWith(`${path}.`));
  };
}

/** The organization a row's `org_id` cell names, if it names one. */
function readOrgIdCell(values: BusinessRowValues): number | undefined {
  for (const [column, value] of values) if (column.header === ORG_ID_COLUMN && typeof value === 'number') return value;
  return undefined;
}
