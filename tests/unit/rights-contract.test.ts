import { describe, expect, it } from 'vitest';
import { DATA_MINING_TERMS, WATERMARK_POSITION_NAMES } from '../../src/contract';
import { DATA_MINING, WATERMARK_POSITIONS } from '../../src/shared/file-rights';

// The contract (zod only) spells the data-mining terms and watermark positions itself.
describe('rights lists', () => {
  it('are the same on the wire as in the shared shape', () => {
    expect([...DATA_MINING_TERMS]).toEqual(Object.keys(DATA_MINING));
    expect([...WATERMARK_POSITION_NAMES]).toEqual([...WATERMARK_POSITIONS]);
  });
});
