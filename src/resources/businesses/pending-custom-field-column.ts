import { z } from 'zod';
import type { CellValue } from '../../sheets/index.js';
import type { CellContext } from '../cells/cell-context.js';
import type { Column } from '../column.js';
import { textColumn } from '../columns/text-column.js';
import { CUSTOM_FIELD_PREFIX } from '../custom-field-column.js';

/**
 * A filled custom field cell whose definition is not known yet: the import reads it with its
 * business's organization's column, once the business is read, in the sheet's context.
 */
export class PendingCell {
  constructor(
    readonly cell: CellValue,
    readonly context: CellContext,
    /** The cell as the row's own `_base` recorded it: an edit of a field the organization's definition leaves read-only is refused. */
    readonly exported?: string,
  ) {}
}

/**
 * The column of a sheet's `custom_fields.<name>` when the definitions are per organization (a
 * PROVIDER key without --org): a row holds its cell as a PendingCell, checked against nothing yet.
 */
export function pendingCustomFieldColumn(name: string): Column {
  return textColumn({
    header: CUSTOM_FIELD_PREFIX + name,
    // Explicit: a custom field's name may hold dots.
    path: ['custom_fields', name],
    schema: z.unknown(),
    grammar: "as the custom field's definition in the business's organization says",
    description: `Custom field '${name}', typed by the definition of the business's organization`,
  });
}

/** The custom field names a sheet's header gives, in the case it gives them. */
export function listCustomFieldNames(sheetColumns: readonly string[]): string[] {
  return sheetColumns.flatMap((header) => {
    const name = header.slice(CUSTOM_FIELD_PREFIX.length);
    return header.toLowerCase().startsWith(CUSTOM_FIELD_PREFIX) && name !== '' ? [name] : [];
  });
}
