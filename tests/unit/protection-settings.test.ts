import { describe, expect, it } from 'vitest';
import { PROTECTION_SETTING_NAMES } from '../../src/contract';
import { PROTECTION_SETTINGS } from '../../src/shared/location-protection';

// The contract (zod only) spells the protection settings itself; they must be the shared rule's.
describe('protection settings', () => {
  it('are the same on the wire as in the shared rules', () => {
    expect([...PROTECTION_SETTING_NAMES]).toEqual([...PROTECTION_SETTINGS]);
  });
});
