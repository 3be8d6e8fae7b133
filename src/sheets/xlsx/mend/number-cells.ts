import { fromColumnLetter, toColumnLetter } from '../../layout/column-letter.js';
import type { PieceMap } from './map-whole-tags.js';

/**
 * A row or cell tag whose first attribute is not its reference, as every writer puts it: one
 * without a reference, or written otherwise, which the tags are then read one by one for.
 */
const UNNUMBERED = /<(?:row|c)(?:[>/]|\s(?!r=))/;
const ROW_OR_CELL = /<(row|c)(?=[\s/>])([^>]*)>/g;
const REFERENCE = /\sr\s*=\s*["']([A-Za-z]*)(\d+)["']/;

interface Position {
  row: number;
  /** 0-based; -1 before a row's first cell. */
  column: number;
}

/**
 * Gives a worksheet's rows and cells written without their reference (`<row>`, `<c t="s">`), as
 * the Open XML SDK lets a program write them, the one Excel reads them at: the row after the last
 * one, the cell after the last one. exceljs stops at the first such cell. Parts whose rows and
 * cells all have their reference go through at the cost of a search.
 */
export function numberCells(): PieceMap {
  const at: Position = { row: 0, column: -1 };
  return (xml) => numberTags(xml, at);
}

function numberTags(xml: string, at: Position): string {
  if (!UNNUMBERED.test(xml)) {
    followLastTags(xml, at);
    return xml;
  }
  return xml.replace(ROW_OR_CELL, (tag, name: string, attributes: string) => {
    const reference = REFERENCE.exec(attributes);
    if (name === 'row') {
      at.row = reference === null ? at.row + 1 : Number(reference[2]);
      at.column = -1;
    } else {
      at.column = reference === null || reference[1] === '' ? at.column + 1 : fromColumnLetter(reference[1] ?? '');
    }
    if (reference !== null) return tag;
    const given = name === 'row' ? String(at.row) : `${toColumnLetter(at.column)}${at.row}`;
    return `<${name} r="${given}"${attributes}>`;
  });
}

/** The position after text whose rows and cells all have their reference: its last row, and its last cell after it. */
function followLastTags(xml: string, at: Position): void {
  const row = lastTag(xml, 'row', 0);
  if (row !== -1) {
    at.row = Number(REFERENCE.exec(xml.slice(row, xml.indexOf('>', row)))?.[2] ?? at.row);
    at.column = -1;
  }
  const cell = lastTag(xml, 'c', Math.max(row, 0));
  if (cell !== -1) at.column = fromColumnLetter(REFERENCE.exec(xml.slice(cell, xml.indexOf('>', cell)))?.[1] ?? '');
}

/** Where the last `<name` tag at or after `from` starts; -1 for none. */
function lastTag(xml: string, name: string, from: number): number {
  for (let start = xml.lastIndexOf(`<${name}`); start >= from; start = start === 0 ? -1 : xml.lastIndexOf(`<${name}`, start - 1)) {
    if (/[\s/>]/.test(xml.charAt(start + name.length + 1))) return start;
  }
  return -1;
}
