export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const SAMPLE_RECORDS = 20;
/** Lines of one cell a report may put above its header (a title, a date, filters): see findHeaderRow. */
const MAX_TITLE_RECORDS = 10;

/**
 * Delimiter of a CSV text from its first records (`complete` tells that the sample is the whole file).
 * Prefers a delimiter that the header holds and every sampled record holds as many times, then the
 * one the header holds most; ties go to the order of CSV_DELIMITERS. Records without any delimiter
 * before the first that has one are a report's title lines, not its header. A single-column file gets a
 * delimiter that appears nowhere, so its cells are never split.
 */
export function detectDelimiter(sample: string, complete: boolean): CsvDelimiter {
  const records = CSV_DELIMITERS.map((delimiter) => countPerRecord(sample, delimiter, complete));
  const footer = findFooterStart(records);
  const perDelimiter = records.map(({ counts }) => counts.slice(0, footer));
  const titles = countTitleRecords(perDelimiter);
  const candidates = CSV_DELIMITERS.map((delimiter, index) => {
    const counts = (perDelimiter[index] ?? []).slice(titles);
    return { delimiter, header: counts[0] ?? 0, regular: counts.every((count) => count === counts[0]) };
  });
  const inHeader = candidates.filter((candidate) => candidate.header > 0);
  if (inHeader.length === 0) {
    return candidates.find((candidate) => candidate.regular)?.delimiter ?? ',';
  }
  const regular = inHeader.filter((candidate) => candidate.regular);
  const pool = regular.length > 0 ? regular : inHeader;
  return pool.reduce((best, candidate) => (candidate.header > best.header ? candidate : best)).delimiter;
}

interface RecordCounts {
  /** Occurrences outside quotes per non-empty record. */
  counts: number[];
  /** Per record, whether an empty line comes right before it. */
  afterEmptyLine: boolean[];
}

// A record cut by the end of the sample is left out.
function countPerRecord(sample: string, delimiter: string, complete: boolean): RecordCounts {
  const counts: number[] = [];
  const afterEmptyLine: boolean[] = [];
  let count = 0;
  let quoted = false;
  let empty = true;
  let lineBreaks = 0;
  let previous = '';
  const push = (): void => {
    counts.push(count);
    afterEmptyLine.push(counts.length > 1 && lineBreaks > 1);
  };
  for (const char of sample) {
    if (counts.length === SAMPLE_RECORDS) break;
    const afterCr = previous === '\r';
    previous = char;
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === '\n' || char === '\r')) {
      if (!empty) {
        push();
        lineBreaks = 0;
      }
      // A CRLF is one line break, and so is a CR alone (old Mac files).
      if (char === '\r' || !afterCr) lineBreaks++;
      count = 0;
      empty = true;
      continue;
    }
    empty = false;
    if (!quoted && char === delimiter) count += 1;
  }
  if (complete && !empty) push();
  return { counts, afterEmptyLine };
}

/**
 * Where a short file's footer starts (see drop-footer-rows.ts): records of a single cell, no
 * delimiter of any kind, after an empty line, at its end. Left out, so that a footer does not make
 * the header and rows above it look irregular.
 */
function findFooterStart(records: readonly RecordCounts[]): number | undefined {
  const [first] = records;
  if (first === undefined) return undefined;
  let start = first.counts.length;
  while (start > 0 && records.every(({ counts }) => counts[start - 1] === 0)) start--;
  const footer = first.counts.length - start;
  return footer > 0 && footer <= MAX_TITLE_RECORDS && first.afterEmptyLine[start] === true ? start : undefined;
}

/**
 * The records without any delimiter before the first that has one, within MAX_TITLE_RECORDS, when
 * a delimiter is then held as many times by that record and every one after, a header and rows; else 0 (a file of one column,
 * whose values may hold a delimiter here and there).
 */
function countTitleRecords(perDelimiter: readonly (readonly number[])[]): number {
  for (let record = 0; record <= MAX_TITLE_RECORDS; record++) {
    const held = perDelimiter.filter((counts) => (counts[record] ?? 0) > 0);
    if (held.length > 0) return held.some((counts) => counts.length > record + 1 && counts.slice(record).every((count) => count === counts[record])) ? record : 0;
  }
  return 0;
}
