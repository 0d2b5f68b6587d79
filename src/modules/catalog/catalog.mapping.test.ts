import { describe, expect, it } from 'vitest';
import { toAdminPhotoSummary, toPhotoSummary } from './catalog.mapping';
import type { PhotoRow } from './photos.repository';

// The one place a photo's place and date are cut down for the public (issue 35).
const row = (over: Partial<PhotoRow> = {}) =>
  ({
    id: 7,
    title: 'Owl at Dusk',
    description: '<p>Quiet.</p>',
    location: 'Blackwater NWR, Wildlife Drive pullout 3, Cambridge, MD',
    dateTaken: '2025-05-14',
    aspectRatio: '3:2',
    category: 'birds',
    displayOrder: 0,
    featured: false,
    verticalPosition: 50,
    horizontalPosition: 50,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    original: {
      id: 1,
      width: 1200,
      height: 800,
      placeholderColor: '#000000',
      variantsReadyAt: null,
      variantsRevision: 0,
    },
    originalId: 1,
    customThumbnailId: null,
    version: 1,
    showCameraDetails: false,
    cameraDetails: null,
    speciesCommon: 'Barred Owl',
    speciesScientific: 'Strix varia',
    locationProtection: 'auto',
    publicRegion: null,
    publishAt: null,
    ...over,
  }) as PhotoRow;
const filesOf = () => [];
const LIST = ['Barred Owl'];

describe('toPhotoSummary (public)', () => {
  it("shows a listed species' photo by its region and season, and says so", () => {
    expect(toPhotoSummary(row(), filesOf, LIST)).toMatchObject({
      location: 'Maryland',
      dateTaken: 'Spring 2025',
      species: { common: 'Barred Owl', scientific: 'Strix varia' },
      locationProtected: true,
    });
  });

  it("shows the place as typed when the species is not listed or she chose 'exact'", () => {
    const exact = { location: row().location, dateTaken: '2025-05-14', locationProtected: false };
    expect(toPhotoSummary(row(), filesOf, [])).toMatchObject(exact);
    expect(toPhotoSummary(row({ locationProtection: 'exact' }), filesOf, LIST)).toMatchObject(exact);
  });

  it("'hidden' shows no place and the year; her region replaces the state; no species is null", () => {
    expect(toPhotoSummary(row({ locationProtection: 'hidden' }), filesOf, [])).toMatchObject({
      location: null,
      dateTaken: '2025',
    });
    const regional = row({ locationProtection: 'region', publicRegion: 'Eastern Shore' });
    expect(toPhotoSummary(regional, filesOf, []).location).toBe('Eastern Shore');
    const none = row({ speciesCommon: null, speciesScientific: null });
    expect(toPhotoSummary(none, filesOf, LIST)).toMatchObject({ species: null, locationProtected: false });
  });
});

describe('toAdminPhotoSummary', () => {
  it('keeps the exact place and date, with the setting, the protection in force and what the public sees', () => {
    const later = new Date(Date.now() + 60_000);
    expect(toAdminPhotoSummary(row({ publishAt: later }), filesOf, LIST)).toMatchObject({
      location: row().location,
      dateTaken: '2025-05-14',
      protection: 'auto',
      protectionInForce: 'region',
      publishAt: later.toISOString(),
      published: false,
      shownPublicly: { location: 'Maryland', dateTaken: 'Spring 2025', text: 'Maryland, Spring 2025' },
    });
    expect(toAdminPhotoSummary(row(), filesOf, LIST).published).toBe(true);
  });
});
