import { readCellContext } from '../../resources/cells/cell-context.js';
import { mapSheetItems } from '../../sheets/index.js';
import type { ShardRows } from './import-options.js';
import type { ImportSheet } from './sheet/open-import-sheet.js';
import { readRowOrg } from './read-row-org.js';

/**
 * The sheet with only this shard's rows: the others are counted by `onLeft` and never read further,
 * so they neither cost a request nor reach the report or the journal. A row that could not be read
 * has no `org_id`: it is `own`'s.
 */
export function keepShardRows(reader: ImportSheet, shardRows: ShardRows, onLeft: () => void): ImportSheet {
  const context = readCellContext(reader.source);
  return mapSheetItems(reader, (item) => {
    if (shardRows.keeps(item.kind === 'row' ? readRowOrg(item.values, context) : 'own')) return item;
    onLeft();
    return undefined;
  });
}
