import { describe, expect, it } from 'vitest';
import { DEFAULT_SENSITIVE_SPECIES } from '@shared/location-protection';
import {
  givingAwayText,
  localInputToIso,
  photoMarks,
  protectionPreview,
  toLocalInput,
  type ProtectionInput,
} from './photo-protection';

const owl: ProtectionInput = {
  title: 'Barred Owl at dusk',
  description: '<p>Waiting in the rain.</p>',
  location: 'Blackwater NWR, Wildlife Drive pullout 3, Cambridge, MD',
  dateTaken: '2025-05-14',
  speciesCommon: 'Barred Owl',
  speciesScientific: 'Strix varia',
  protection: 'auto',
  publicRegion: '',
};

describe('protectionPreview', () => {
  it('protects a listed species automatically: its region and season', () => {
    const preview = protectionPreview(owl, DEFAULT_SENSITIVE_SPECIES);
    expect(preview).toEqual({
      inForce: 'region',
      shownAs: 'Maryland, Spring 2025',
      regionFromLocation: 'Maryland',
      givingAway: [],
    });
  });

  it('shows an unlisted species as typed, and follows the chosen setting and region', () => {
    expect(protectionPreview({ ...owl, speciesCommon: 'Mallard', speciesScientific: '' }, []).shownAs).toBe(
      'Blackwater NWR, Wildlife Drive pullout 3, Cambridge, MD, 2025-05-14',
    );
    expect(protectionPreview({ ...owl, protection: 'hidden' }, []).shownAs).toBe('2025');
    expect(
      protectionPreview({ ...owl, protection: 'region', publicRegion: 'Eastern Shore' }, []).shownAs,
    ).toBe('Eastern Shore, Spring 2025');
  });

  it('names the giving-away words of a protected photo only', () => {
    const titled = { ...owl, title: 'Owl at Wildlife Drive pullout 3' };
    expect(protectionPreview(titled, DEFAULT_SENSITIVE_SPECIES).givingAway).toEqual([
      'Wildlife Drive pullout 3',
    ]);
    expect(
      protectionPreview({ ...titled, protection: 'exact' }, DEFAULT_SENSITIVE_SPECIES).givingAway,
    ).toEqual([]);
    expect(givingAwayText(['Wildlife Drive pullout 3', 'Cambridge'])).toBe(
      'The title or description names the exact location: “Wildlife Drive pullout 3”, “Cambridge”.',
    );
  });
});

describe('photoMarks', () => {
  const exact = { location: 'Cambridge, MD', dateTaken: '2025-05-14', text: 'Cambridge, MD, 2025-05-14' };
  const now = new Date('2026-11-27T12:00:00Z');
  it('marks a protected photo and a scheduled one', () => {
    expect(
      photoMarks(
        {
          protectionInForce: 'region',
          publishAt: null,
          shownPublicly: { location: 'Maryland', dateTaken: 'Spring 2025', text: 'Maryland, Spring 2025' },
        },
        now,
      ),
    ).toEqual(['Shown publicly as: Maryland, Spring 2025']);
    const at = new Date(2026, 11, 3, 9, 0); // Dec 3, 2026, 9:00 AM local
    expect(
      photoMarks({ protectionInForce: 'exact', shownPublicly: exact, publishAt: at.toISOString() }, now),
    ).toEqual(['Scheduled for Dec 3, 2026, 9:00 AM']);
    expect(
      photoMarks(
        { protectionInForce: 'exact', shownPublicly: exact, publishAt: '2026-01-01T00:00:00Z' },
        now,
      ),
    ).toEqual([]);
  });
});

describe('publish on', () => {
  it('sends the local date and time with the browser offset, and reads it back', () => {
    const iso = localInputToIso('2026-12-03T09:00');
    expect(iso).toMatch(/^2026-12-03T09:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 11, 3, 9, 0).getTime());
    expect(toLocalInput(iso)).toBe('2026-12-03T09:00');
    expect(localInputToIso('')).toBe('');
    expect(toLocalInput(null)).toBe('');
  });
});
