/** The rows of one read: those of one organization, or those whose organization is not known yet (`lookup`). */
export interface ReadBatch<Row> {
  org: number | 'lookup';
  rows: Row[];
}

/**
 * Rows gathered into reads of up to `size`, one organization's to a read, so that each read is
 * charged to the organization it is about. A row waits for its organization's read to fill, but
 * never more than `window` rows wait in all: past that, the read holding the oldest row goes with
 * what it has, so that the report, written in the sheet's order, holds back a bounded number of rows.
 */
export class OrgReadBatches<Row> {
  // A Map keeps its keys in insertion order, and a read that goes is deleted: the first is the oldest.
  private readonly open = new Map<number | 'lookup', Row[]>();
  private waiting = 0;

  constructor(
    private readonly size: number,
    private readonly window: number,
  ) {}

  /** Adds a row; the reads that are due now. */
  add(org: number | 'lookup', row: Row): ReadBatch<Row>[] {
    const rows = this.open.get(org) ?? [];
    this.open.set(org, rows);
    rows.push(row);
    this.waiting++;
    const due = rows.length === this.size ? [this.take(org)] : [];
    for (let oldest = this.open.keys().next(); this.waiting > this.window && oldest.done !== true; oldest = this.open.keys().next()) due.push(this.take(oldest.value));
    return due;
  }

  /** Every read still open, oldest first. */
  drain(): ReadBatch<Row>[] {
    return [...this.open.keys()].map((org) => this.take(org));
  }

  private take(org: number | 'lookup'): ReadBatch<Row> {
    const rows = this.open.get(org) ?? [];
    this.open.delete(org);
    this.waiting -= rows.length;
    return { org, rows };
  }
}
