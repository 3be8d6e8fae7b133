import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { storeCodeColumn } from '../../../../resources/business-target.js';
import { readCellContext } from '../../../../resources/cells/cell-context.js';
import { formatImportCell } from '../../../../resources/cells/format-cell.js';
import type { SheetColumn, SheetRecord } from '../../../../sheets/index.js';
import { toWriteError } from '../../../../sheets/file/open-output.js';
import { makeTempOutputName } from '../../../../sheets/file/temp-output-name.js';
import { openReportSheet, reportPath, type ReportDialect } from '../../report/report-dialect.js';
import type { BusinessLabel } from './business-label.js';
import type { ColumnPlan } from '../plan-business-row.js';

const PLAN_COLUMNS: readonly SheetColumn[] = [
  { key: 'row' },
  { key: 'target', text: true },
  { key: 'code', text: true },
  { key: 'name' },
  { key: 'column' },
  { key: 'current', text: true },
  { key: 'new', text: true },
  { key: 'error' },
];
/** Row, business id, code and name stay in view. */
const FROZEN_COLUMNS = 4;
/** `column: why`, or `conflict: column changed…`: the column an error names, when it names one. */
const ERROR_COLUMN = /^conflict: (\S+) changed|^([^\s:]+):/;

export interface PlanFile {
  readonly path: string;
  /** One line per column the row would change, cells in import format: held until the row is reported. */
  add(line: number, business: BusinessLabel, changes: readonly ColumnPlan[]): void;
  /**
   * A row as the report writes it, in input order: the lines held for it, then one line per error
   * of a row that would not be sent (invalid, failed, in conflict), naming its column.
   */
  addReported(line: number, business: BusinessLabel, errors: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * `plan.<ext>` of a dry run: every field that would change and every error, to review in a
 * spreadsheet before the real run. Lines of the store code come first, since a changed code is
 * one to see; the others wait in a hidden file beside it, in their order, and follow at the end.
 */
export async function openPlanFile(dir: string, dialect: ReportDialect): Promise<PlanFile> {
  const path = reportPath(dir, 'plan', dialect);
  const writer = await openReportSheet(path, dialect, { columns: PLAN_COLUMNS, sheet: 'plan', frozenColumns: FROZEN_COLUMNS });
  const rest = join(dirname(path), makeTempOutputName(basename(path)));
  const spool = createWriteStream(rest, { flags: 'wx', mode: 0o600 });
  // A failed spool (a full disk) fails the next wait for it, and close.
  spool.on('error', () => undefined);
  const context = readCellContext(dialect);
  // Rows finish in any order: their lines wait for the report to reach them, which writes in input order.
  const held = new Map<number, SheetRecord[]>();
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  const write = (records: readonly SheetRecord[]): Promise<void> => {
    if (records.length === 0) return writing;
    // Past close the spool waits for a drain that never comes: a row reported then is a bug, told rather than waited on.
    if (closed) return Promise.reject(new Error(`the plan ${path} was closed before row ${String(records[0]?.row)} was reported`));
    writing = writing.then(async () => {
      for (const record of records) {
        if (record.column === storeCodeColumn.header) await writer.writeRow(record);
        else {
          if (spool.errored !== null) throw spool.errored;
          if (!spool.write(`${JSON.stringify(record)}\n`)) await once(spool, 'drain');
        }
      }
    });
    return writing;
  };
  return {
    path,
    add(line, { id, code, name }, changes) {
      held.set(
        line,
        changes.map(({ column, current, file }) => ({
          row: line,
          target: id,
          code,
          name,
          column: column.header,
          current: formatImportCell(column, current, context),
          new: formatImportCell(column, file, context),
        })),
      );
    },
    addReported(line, { id, code, name }, errors) {
      const changes = held.get(line) ?? [];
      held.delete(line);
      const errorLines = errors.map((error) => {
        const named = ERROR_COLUMN.exec(error);
        return { row: line, target: id, code, name, column: named?.[1] ?? named?.[2] ?? '', error };
      });
      return write([...changes, ...errorLines]);
    },
    async close() {
      closed = true;
      try {
        await writing;
        spool.end();
        await finished(spool);
        for await (const text of createInterface({ input: createReadStream(rest), crlfDelay: Infinity })) await writer.writeRow(JSON.parse(text) as SheetRecord);
        await writer.close();
      } catch (error) {
        await writer.discard();
        throw toWriteError(error, path);
      } finally {
        await rm(rest, { force: true });
      }
    },
  };
}
