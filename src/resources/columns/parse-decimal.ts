import type { CellContext } from '../cells/cell-context.js';

const DOT_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const COMMA_NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

/**
 * A decimal number, or undefined. Files with a comma decimal separator also take a dot (a number
 * column refuses `1.200`, which may group thousands, when both readings are taken).
 */
export function parseDecimal(text: string, context: CellContext): number | undefined {
  const trimmed = text.trim();
  const pattern = context.decimalSeparator === ',' ? COMMA_NUMBER : DOT_NUMBER;
  return pattern.test(trimmed) ? Number(trimmed.replace(',', '.')) : undefined;
}

export function formatDecimal(value: number, context: CellContext): string {
  const text = String(value);
  return context.decimalSeparator === ',' ? text.replace('.', ',') : text;
}
