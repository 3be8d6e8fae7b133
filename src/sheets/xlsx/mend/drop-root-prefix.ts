import type { PieceMap } from './map-whole-tags.js';

/** The first element of a part, past its XML declaration and any comment: `<x:worksheet`. */
const ROOT = /<(?![?!])(?:([\w.-]+):)?[\w.-]+[\s/>]/;
/** Comments and declarations are short: a part whose first element is further off has none a reader would find. */
const MAX_HEAD_CHARS = 1 << 16;

/**
 * The namespace prefix of a part's root element (`x` for `<x:worksheet xmlns:x="…">`, as the Open
 * XML SDK writes parts), '' for none, or undefined when `head` does not reach the root yet.
 */
export function rootPrefix(head: string): string | undefined {
  const uncommented = head.replace(/<!--[\s\S]*?-->/g, '');
  const match = uncommented.includes('<!--') ? null : ROOT.exec(uncommented);
  if (match === null) return head.length > MAX_HEAD_CHARS ? '' : undefined;
  return match[1] ?? '';
}

/**
 * Drops the prefix of a part's root element from every element written with it: exceljs knows
 * elements by their literal names, and reads `<x:row>` as no row at all. Elements of other
 * namespaces (`<mc:AlternateContent>`) keep theirs.
 */
export function dropRootPrefix(): PieceMap {
  let head = '';
  let prefixed: RegExp | null | undefined;
  return (xml) => {
    if (prefixed === undefined) {
      // Nothing before the root element has a prefix to drop.
      head += xml;
      const prefix = rootPrefix(head);
      if (prefix === undefined) return xml;
      head = '';
      prefixed = prefix === '' ? null : new RegExp(`<(/?)${prefix.replaceAll('.', '\\.')}:`, 'g');
    }
    return prefixed === null ? xml : xml.replace(prefixed, '<$1');
  };
}
