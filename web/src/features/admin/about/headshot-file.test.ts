import { describe, expect, it } from 'vitest';
import { HEADSHOT_MAX_BYTES, headshotProblem } from './headshot-file';

describe('headshotProblem', () => {
  it('accepts JPG, PNG and WebP up to 5MB', () => {
    expect(headshotProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(headshotProblem({ type: 'image/png', size: HEADSHOT_MAX_BYTES })).toBeNull();
    expect(headshotProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('rejects other types and oversize files', () => {
    expect(headshotProblem({ type: 'image/gif', size: 10 })).toBe('Please choose a JPG, PNG or WebP image.');
    expect(headshotProblem({ type: 'image/png', size: HEADSHOT_MAX_BYTES + 1 })).toBe(
      'The headshot must be 5MB or smaller.',
    );
  });
});
