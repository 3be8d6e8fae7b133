import type { CellValue } from '../../sheets/index.js';
import type { Column, Parsed } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

const WORDS = new Map<string, boolean>([
  ['true', true],
  ['yes', true],
  ['1', true],
  ['vrai', true],
  ['oui', true],
  ['false', false],
  ['no', false],
  ['0', false],
  ['faux', false],
  ['non', false],
]);

export const BOOLEAN_GRAMMAR = 'true or false (also yes/no, 1/0, vrai/faux, oui/non, in any case)';

export function booleanColumn(spec: FactorySpec<boolean | null>): Column<boolean | null> {
  return defineColumn<boolean | null>({
    grammar: BOOLEAN_GRAMMAR,
    choices: ['true', 'false'],
    ...spec,
    parse: parseBoolean,
    format: (value) => (value === null ? '' : String(value)),
  });
}

/** Excel booleans as they are, and the words of BOOLEAN_GRAMMAR. */
export function parseBoolean(cell: CellValue): Parsed<boolean> {
  const value = typeof cell === 'boolean' ? cell : WORDS.get(cell.trim().toLowerCase());
  return value === undefined ? { error: 'must be true or false' } : { value };
}
