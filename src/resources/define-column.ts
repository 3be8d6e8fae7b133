import type { Clearing } from '../api/facts/clearing-facts.js';
import type { Column, FieldPath } from './column.js';

export type ColumnSpec<T> = Omit<Column<T>, 'path' | 'cleared' | 'text' | 'readOnly'> & {
  /** Defaults to the header split on dots, digits as list indexes. */
  path?: FieldPath;
  /** A row-identity column: the resource reads it, it goes in no payload. */
  identity?: boolean;
  text?: boolean;
  readOnly?: boolean;
};

/** What a column factory needs: the grammar has a default per kind of cell. */
export type FactorySpec<T> = Omit<ColumnSpec<T>, 'parse' | 'format' | 'grammar'> & { grammar?: string };

const EMPTY_VALUES: readonly unknown[] = [[], null, ''];

/** Completes a column: its payload path and what `#clear` sets, from its schema. */
export function defineColumn<T>(spec: ColumnSpec<T>): Column<T> {
  const { identity = false, path, text = false, readOnly = false, ...rest } = spec;
  return {
    ...rest,
    path: identity ? undefined : (path ?? toFieldPath(spec.header)),
    cleared: findClearedValue(spec.schema),
    text,
    readOnly,
  };
}

function toFieldPath(header: string): FieldPath {
  return header.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function findClearedValue(schema: Column['schema']): { value: unknown } | undefined {
  for (const empty of EMPTY_VALUES) {
    const result = schema.safeParse(empty);
    if (result.success) return { value: result.data };
  }
  return undefined;
}

/** A column whose `#clear` follows a fact of the service (clearing-facts.ts) rather than what its schema accepts. */
export function withClearing<T>(column: Column<T>, clearing: Clearing): Column<T> {
  const { unclearable: _unclearable, ...rest } = column;
  return 'none' in clearing ? { ...rest, cleared: undefined, unclearable: clearing.none } : { ...rest, cleared: { value: clearing.value } };
}
