import { describe, expect, it } from 'vitest';
import type { AdminPhotoDetail as PhotoDetail } from '../../../lib/api-types';
import { initialPhotoFormState, photoFormReducer } from './photo-form-state';

const photo = {
  id: 7,
  title: 'Heron',
  description: '<p>Grey</p>',
  category: '',
  displayOrder: 2,
  featured: false,
  printOptions: [{ id: 31, size: '8x10', format: 'Lustre', price: 95, shipping: 10 }],
} as unknown as PhotoDetail;

describe('photo form state', () => {
  it('starts the edit form from the photo, with the edit default category', () => {
    const state = initialPhotoFormState(photo);
    expect(state.mode).toBe('edit');
    expect(state.fields).toMatchObject({ title: 'Heron', category: 'landscapes', displayOrder: '2' });
    expect(state.editRows).toMatchObject([{ id: 31, price: '95', shipping: '10' }]);
    expect(state.addRows).toEqual([]);
  });

  it('clears a field error once the field changes', () => {
    let state = photoFormReducer(initialPhotoFormState(), { type: 'fieldErrors', errors: { title: 'x' } });
    state = photoFormReducer(state, { type: 'field', name: 'title', value: 'Egret' });
    expect(state.fields.title).toBe('Egret');
    expect(state.fieldErrors.title).toBeUndefined();
  });

  it('collects the ids of removed saved options', () => {
    const start = initialPhotoFormState(photo);
    const [saved] = start.editRows;
    const state = photoFormReducer(start, { type: 'removeRow', key: saved.key });
    expect(state.removedIds).toEqual([31]);
    expect(state.editRows).toEqual([]);
  });
});

describe('facts read from the chosen file', () => {
  const facts = { aspectRatio: '3:2', dateTaken: '2024-05-17', camera: null };

  it('fill an empty ratio and date, and a later file replaces what the first filled', () => {
    let state = photoFormReducer(initialPhotoFormState(), { type: 'imageFacts', facts });
    expect(state.fields).toMatchObject({ aspectRatio: '3:2', dateTaken: '2024-05-17' });
    state = photoFormReducer(state, {
      type: 'imageFacts',
      facts: { aspectRatio: '2:3', dateTaken: null, camera: null },
    });
    expect(state.fields).toMatchObject({ aspectRatio: '2:3', dateTaken: '2024-05-17' });
  });

  it('never replace what the owner typed', () => {
    let state = photoFormReducer(initialPhotoFormState(), {
      type: 'field',
      name: 'dateTaken',
      value: 'Spring 2023',
    });
    state = photoFormReducer(state, { type: 'field', name: 'aspectRatio', value: '5:4' });
    state = photoFormReducer(state, { type: 'imageFacts', facts });
    expect(state.fields).toMatchObject({ aspectRatio: '5:4', dateTaken: 'Spring 2023' });
  });
});

describe("the add form's print options follow the photo's ratio", () => {
  const option = (id: number, aspectRatio: string, size: string, format: string, price: number) => ({
    id,
    aspectRatio,
    size,
    format,
    price,
    shipping: 8,
  });
  const catalogue = [
    option(1, '3:2', '8x12', 'Lustre Paper', 45),
    option(2, '2:3', '16x24', 'Canvas', 210),
    option(3, '2:3', '8x12', 'Lustre Paper', 45),
    option(4, '2:3', '12x18', 'Lustre Paper', 85),
  ];
  const rowsOf = (state: ReturnType<typeof initialPhotoFormState>) =>
    state.addRows.map((r) => [r.size, r.format, r.price, r.shipping, r.inStock]);
  const defaults = [
    ['8x10 inch', 'Lustre Paper', '95', '0', true],
    ['12x16 inch', 'Lustre Paper', '150', '0', true],
  ];
  const offer = (state: ReturnType<typeof initialPhotoFormState>, ratio: string) =>
    photoFormReducer(state, { type: 'offerOptions', ratio, catalogue });

  it("keeps the spec's 8x10 and 12x16 defaults while the ratio is unknown", () => {
    const state = offer(initialPhotoFormState(), '');
    expect(rowsOf(state)).toEqual(defaults);
    expect(state.addRowsFrom).toEqual({ kind: 'defaults' });
  });

  it("offers the catalogue's options of the ratio, cheapest first, with their prices and shipping", () => {
    const state = offer(initialPhotoFormState(), '2:3');
    expect(rowsOf(state)).toEqual([
      ['8x12', 'Lustre Paper', '45', '8', true],
      ['12x18', 'Lustre Paper', '85', '8', true],
      ['16x24', 'Canvas', '210', '8', true],
    ]);
    // the same offer again leaves the rows (and their keys) alone
    expect(offer(state, '2:3')).toBe(state);
    // another file, another ratio: its options
    expect(rowsOf(offer(state, '3:2'))).toEqual([['8x12', 'Lustre Paper', '45', '8', true]]);
    // a ratio the catalogue has nothing for: the defaults again
    expect(rowsOf(offer(state, '5:4'))).toEqual(defaults);
  });

  it('leaves rows the owner changed, added or removed as they are', () => {
    const offered = offer(initialPhotoFormState(), '2:3');
    const [first] = offered.addRows;
    for (const action of [
      { type: 'changeRow', key: first.key, patch: { price: '50' } },
      { type: 'removeRow', key: first.key },
      { type: 'addRow', row: { ...first, key: 'new' } },
    ] as const) {
      const edited = photoFormReducer(offered, action);
      expect(edited.addRowsFrom).toEqual({ kind: 'owner' });
      expect(offer(edited, '3:2').addRows).toBe(edited.addRows);
    }
    // the form taking a catalogue price is not the owner's edit
    const synced = photoFormReducer(offered, { type: 'changeRow', key: first.key, patch: {}, auto: true });
    expect(synced.addRowsFrom.kind).toBe('catalogue');
  });
});
