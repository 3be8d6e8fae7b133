import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeRowSnapshot, readRowBase } from '../../src/resources/base-column.js';

const snapshots = Array.from({ length: 200 }, (_, index) => ({
  id: `business-${index}`,
  cells: { name: `Store ${index}`, city: 'Ajaccio', description_short: `Fresh bread every morning, number ${index * 7919}` },
}));

describe('the _base cell', () => {
  it('reads back what it was written from', () => {
    for (const snapshot of snapshots) expect(readRowBase({ _base: encodeRowSnapshot(snapshot) })).toEqual(snapshot);
  });

  it('holds no "_", which LibreOffice would read as the start of an escaped character (_xC_)', () => {
    for (const snapshot of snapshots) expect(encodeRowSnapshot(snapshot)).not.toContain('_');
  });

  it('still reads the base64url cells of earlier exports', () => {
    const snapshot = { id: 'business-0', cells: { name: 'Store 0' } };
    const earlier = `b1.${deflateRawSync(JSON.stringify([snapshot.id, snapshot.cells])).toString('base64url')}`;
    expect(readRowBase({ _base: earlier })).toEqual(snapshot);
  });

  it('is "edited" when it is not what an export wrote', () => {
    expect(readRowBase({ _base: 'b1.not a snapshot' })).toBe('edited');
  });
});
