import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { trimAround } from '../../sheets/index.js';

/**
 * Text. Free text is kept exactly as typed (spaces, line breaks, formula-like starts); `trim` is for
 * names, codes, dates and addresses, where spaces around the value (and a zero-width space a web
 * page left) are a copy-paste accident that would be published (`Paris `), or find no store.
 */
export function textColumn(spec: FactorySpec<string | null> & { trim?: boolean }): Column<string | null> {
  const { trim = false, ...rest } = spec;
  return defineColumn<string | null>({
    grammar: 'text',
    ...rest,
    parse: (cell) => ({ value: trim ? trimAround(String(cell)) : String(cell) }),
    format: (value) => value ?? '',
  });
}
