import type { CellValue } from '../../sheets/index.js';
import type { Column, Parsed } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

/**
 * Yes and no as people type them, TRUE and FALSE as Excel writes them in a CSV in the languages
 * of its users (German Excel saves WAHR and FALSCH), and as databases write them (PostgreSQL's t and f, Y and N).
 */
const TRUE_WORDS = ['true', 'yes', '1', 't', 'y', 'vrai', 'oui', 'wahr', 'ja', 'verdadero', 'verdadeiro', 'sí', 'si', 'sim', 'vero', 'sì', 'waar', 'prawda', 'tak', 'sant', 'sand', 'sann'];
const FALSE_WORDS = ['false', 'no', '0', 'f', 'n', 'faux', 'non', 'falsch', 'nein', 'falso', 'não', 'nao', 'onwaar', 'nee', 'fałsz', 'nie', 'falskt', 'nej', 'falsk', 'usann', 'nei'];
const WORDS = new Map<string, boolean>([...TRUE_WORDS.map((word) => [word, true] as const), ...FALSE_WORDS.map((word) => [word, false] as const)]);

export const BOOLEAN_GRAMMAR = 'true or false (also yes/no, 1/0, t/f, y/n, vrai/faux, oui/non, ja/nein, sí/no, and TRUE/FALSE as Excel writes them in other languages: WAHR/FALSCH, VERDADERO/FALSO…, in any case)';

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
