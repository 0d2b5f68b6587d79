import { describe, expect, it } from 'vitest';
import { splitServerErrors } from './server-errors';

describe('splitServerErrors', () => {
  it('puts each message under its field and keeps the others', () => {
    const split = splitServerErrors({ heightIn: 'h', 'optionIds.1': 'o', widthIn: 'w', message: 'other' }, [
      'subcategoryId',
      'widthIn',
      'heightIn',
      'optionIds',
    ] as const);
    expect(split.byField).toEqual({ widthIn: 'w', heightIn: 'h', optionIds: 'o' });
    expect(split.first).toBe('widthIn');
    expect(split.other).toEqual(['other']);
  });
});
