import type { CellContext } from '../../resources/cells/cell-context.js';
import { parseDecimal } from '../../resources/columns/parse-decimal.js';
import type { CellValue } from '../../sheets/index.js';

/** The column of a business sheet that names its organization. */
export const ORG_ID_COLUMN = 'org_id';

/** The organization a row of a business sheet is for: its `org_id` cell, or `own` (the key's own organization). */
export type RowOrg = number | 'own';

/**
 * The `org_id` cell of a row as a job's shards read it, when planning and when importing alike:
 * an organization id, else `own` (an empty cell, or one that is not an id: its row is reported
 * invalid by whichever shard imports it).
 */
export function readRowOrg(values: Readonly<Record<string, CellValue>>, context: CellContext): RowOrg {
  const cell = values[ORG_ID_COLUMN];
  const id = typeof cell === 'string' ? parseDecimal(cell, context) : undefined;
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : 'own';
}
