import { rm } from 'node:fs/promises';
import type { ApiError } from '../../../api/errors/api-error.js';
import type { UnreadableItem } from '../../../api/schemas/reading/read-each.js';
import { openSheetWriter } from '../../../sheets/index.js';

/** A page or a business that still failed after retries: a row of `<out>.errors.csv`. */
export interface ExportFailure {
  /** What was asked for, e.g. `GET /business/search page 3` or `GET /business/{id}/services`. */
  requested: string;
  /** Absent when no answer came (timeouts, network errors). */
  status?: number;
  message: string;
}

/** Items of an answer that did not read: a line each, named by the request and the item's id. */
export function toUnreadableFailures(requested: string, unreadable: readonly UnreadableItem[], noun: string): ExportFailure[] {
  return unreadable.map(({ id, problem }) => ({ requested: `${requested}, ${noun} ${id ?? 'without id'}`, message: `unreadable: ${problem}` }));
}

export function toExportFailure(requested: string, error: ApiError): ExportFailure {
  return { requested, ...(error.status === undefined ? {} : { status: error.status }), message: error.message };
}

const COLUMNS = [{ key: 'requested', width: 50 }, { key: 'status' }, { key: 'message', width: 80 }];

/** Writes `<out>.errors.csv` when something failed, and removes the one an earlier run left otherwise; returns its path. */
export async function writeExportFailures(out: string, failures: readonly ExportFailure[]): Promise<string | null> {
  const path = `${out}.errors.csv`;
  if (failures.length === 0) {
    await rm(path, { force: true });
    return null;
  }
  const writer = await openSheetWriter(path, { columns: COLUMNS });
  for (const failure of failures) await writer.writeRow({ ...failure });
  await writer.close();
  return path;
}
