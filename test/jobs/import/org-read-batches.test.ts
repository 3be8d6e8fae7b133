import { describe, expect, it } from 'vitest';
import { OrgReadBatches } from '../../../src/jobs/import/businesses/reads/org-read-batches.js';

describe('gathering rows into reads per organization', () => {
  it('sends a read once it is full, and the rest at the end, oldest first', () => {
    const batches = new OrgReadBatches<string>(2, 10);
    expect(batches.add(1, 'a')).toEqual([]);
    expect(batches.add(2, 'b')).toEqual([]);
    expect(batches.add(1, 'c')).toEqual([{ org: 1, rows: ['a', 'c'] }]);
    expect(batches.add('lookup', 'd')).toEqual([]);
    expect(batches.drain()).toEqual([
      { org: 2, rows: ['b'] },
      { org: 'lookup', rows: ['d'] },
    ]);
  });

  it('never lets more rows than the window wait: the read holding the oldest goes first', () => {
    const batches = new OrgReadBatches<string>(100, 3);
    expect([...batches.add(1, 'a'), ...batches.add(2, 'b'), ...batches.add(3, 'c')]).toEqual([]);
    expect(batches.add(1, 'd')).toEqual([{ org: 1, rows: ['a', 'd'] }]);
    expect(batches.add(4, 'e')).toEqual([]);
    expect(batches.add(4, 'f')).toEqual([{ org: 2, rows: ['b'] }]);
  });
});
