import { describe, expect, it } from 'vitest';
import { PERSISTED_ENDPOINTS, rehydrationFrom, type SavedQuery } from './api-cache';
import { collect } from './api-cache-writer';

const now = 1_000_000_000;
const entry = (endpointName: string, ageMs: number, tags: SavedQuery['tags'] = []): SavedQuery => ({
  status: 'fulfilled',
  endpointName,
  requestId: 'r',
  originalArgs: undefined,
  startedTimeStamp: now - ageMs,
  fulfilledTimeStamp: now - ageMs,
  data: { ok: true },
  tags,
});

describe('api cache persistence', () => {
  it('saves only fulfilled public reads, never the cart or admin', () => {
    const saved = new Map<string, SavedQuery>();
    const changed = collect(
      {
        queries: {
          'getFaqs(undefined)': { ...entry('getFaqs', 0) },
          'getCart(undefined)': { ...entry('getCart', 0) },
          'getAdminPhotos(undefined)': { ...entry('getAdminPhotos', 0) },
          'getPhoto(3)': { ...entry('getPhoto', 0), status: 'pending' },
        },
        provided: { keys: { 'getFaqs(undefined)': [{ type: 'Faqs' }] } },
      },
      saved,
      PERSISTED_ENDPOINTS,
    );
    expect(changed).toBe(true);
    expect([...saved.keys()]).toEqual(['getFaqs(undefined)']);
    expect(saved.get('getFaqs(undefined)')?.tags).toEqual([{ type: 'Faqs' }]);
  });

  it('online brings back nothing (an edit may have happened since); offline brings back everything saved, with its tags', () => {
    const saved = new Map<string, SavedQuery>([
      ['getFaqs(undefined)', entry('getFaqs', 6 * 60 * 1000, [{ type: 'Faqs' }])],
      ['getPhoto(3)', entry('getPhoto', 1000, [{ type: 'Photo', id: 3 }])],
    ]);
    expect(rehydrationFrom(saved, true)).toBeNull();
    const offline = rehydrationFrom(saved, false);
    expect(Object.keys(offline?.queries ?? {})).toEqual(['getFaqs(undefined)', 'getPhoto(3)']);
    expect(offline?.provided.tags).toEqual({
      Faqs: { __internal_without_id: ['getFaqs(undefined)'] },
      Photo: { '3': ['getPhoto(3)'] },
    });
    expect(offline?.queries['getPhoto(3)']).not.toHaveProperty('tags');
    expect(rehydrationFrom(new Map(), false)).toBeNull();
  });
});
