import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { OrgApi } from '../../../api/org-api.js';
import type { CustomFieldOrder } from '../../../api/schemas/custom-fields/custom-field-list.js';
import { buildCustomFieldOrderCatalog } from '../../../resources/custom-field-order/custom-field-order-catalog.js';
import { DEFAULT_CONFLICT_POLICY, type ImportSummary, type OpenImportOptions } from '../import-options.js';
import type { ImportRun } from '../import-run.js';
import { openImport } from '../open-import.js';
import { planCustomFieldOrder, type OrderRow } from './plan-custom-field-order.js';
import { readCustomFieldLayout, type CustomFieldLayout } from './read-custom-field-layout.js';

/**
 * Imports a sheet of field rows (`id`, `order`, `section_id`) and section rows (`section_id`,
 * `section_order`) as one `POST /custom_fields/order` of the organization (`--org` for a PROVIDER
 * key). An organization has a few dozen custom fields, so the sheet is held whole.
 */
export async function importCustomFieldOrder(client: ApiClient, options: OpenImportOptions, logger: Logger): Promise<ImportSummary> {
  const api = client.org(options.orgId);
  const { run, rows } = await openImport(client, options, logger, buildCustomFieldOrderCatalog());
  const sheet: OrderRow[] = [];
  for await (const row of rows) sheet.push(row);
  await sendCustomFieldOrder(run, api, sheet);
  return run.finish('custom-field-order');
}

interface ChangedRow {
  row: OrderRow;
  changes: string[];
}

async function sendCustomFieldOrder(run: ImportRun, api: OrgApi, rows: readonly OrderRow[]): Promise<void> {
  if (run.stopReason !== undefined) {
    for (const row of rows) await run.skip(row.base);
    return;
  }
  let layout: CustomFieldLayout | undefined;
  // An `orders` item needs the field's order and section: a field row that leaves one out is completed from the layout.
  const isPartial = ({ target, update }: OrderRow) => 'id' in target && (update.order === undefined || update.section_id === undefined);
  if (run.options.mode === 'diff' || rows.some(isPartial)) {
    try {
      run.reads++;
      layout = readCustomFieldLayout(await api.readCustomFields());
    } catch (error) {
      for (const row of rows) await run.fail(row.base, error, findIdentityColumn(row));
      return;
    }
  }
  const plan = planCustomFieldOrder(rows, layout, { threeWay: run.options.mode === 'diff', onConflict: run.options.onConflict ?? DEFAULT_CONFLICT_POLICY });
  const changed: ChangedRow[] = [];
  for (const { row, outcome } of plan.rows) {
    if ('errors' in outcome) await run.record({ ...row.base, status: outcome.status, changes: outcome.changes ?? [], errors: outcome.errors });
    else if (outcome.changes.length === 0) await run.record({ ...row.base, status: 'unchanged', changes: [], errors: [] });
    else if (run.options.dryRun) await run.record({ ...row.base, status: 'would_update', changes: outcome.changes, errors: [] });
    else changed.push({ row, changes: outcome.changes });
  }
  await writeCustomFieldOrder(run, api, plan.body, changed);
}

/** The one request for every changed row; none once the refused rows have stopped the import (--max-errors). */
async function writeCustomFieldOrder(run: ImportRun, api: OrgApi, body: CustomFieldOrder, changed: readonly ChangedRow[]): Promise<void> {
  if (changed.length === 0) return;
  if (run.stopReason !== undefined) {
    for (const { row } of changed) await run.skip(row.base);
    return;
  }
  try {
    await run.write((signal) => api.withSignal(signal).orderCustomFields(body));
    // Recorded side by side: each row of the answer is journaled as its record starts, before anything else runs.
    await Promise.all(changed.map(({ row, changes }) => run.record({ ...row.base, status: 'updated', changes, errors: [] })));
  } catch (error) {
    await Promise.all(changed.map(({ row }) => run.fail(row.base, error, findIdentityColumn(row))));
  }
}

function findIdentityColumn(row: OrderRow): 'id' | 'section_id' {
  return 'id' in row.target ? 'id' : 'section_id';
}
