import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

/** Structured values (image lists with their texts) as JSON in one cell; an empty list formats as an empty cell. */
export function jsonColumn(spec: FactorySpec<unknown> & { grammar: string }): Column {
  return defineColumn<unknown>({
    ...spec,
    parse(cell) {
      try {
        return { value: JSON.parse(String(cell)) as unknown };
      } catch {
        return { error: `must be ${spec.grammar}` };
      }
    },
    format: (value) => (value === null || (Array.isArray(value) && value.length === 0) ? '' : JSON.stringify(value)),
  });
}
