import { describe, expect, it } from 'vitest';
import {
  defaultAddOptions,
  emptyPhotoFields,
  hasChanged,
  isBlankHtml,
  missingRequired,
  optionEdits,
  serverRowErrors,
  validateAddOption,
  validateEditOption,
} from './photo-form-model';
import { fitWithin } from './image-files';
import { filterPhotos } from '../shared/photo-filter';
import { aspectRatioChoices } from '../shared/aspect-ratio';

describe('add-photo defaults', () => {
  it('offers 8x10 and 12x16 inch on Lustre Paper at 95 and 150, in stock, shipping shown as 0', () => {
    const rows = defaultAddOptions().map(({ key: _key, ...row }) => row);
    expect(rows).toEqual([
      { size: '8x10 inch', format: 'Lustre Paper', price: '95', shipping: '0', inStock: true },
      { size: '12x16 inch', format: 'Lustre Paper', price: '150', shipping: '0', inStock: true },
    ]);
  });
});

describe('required fields', () => {
  it('treats an empty editor document as a missing description', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><strong>Heron</strong></p>')).toBe(false);
    expect(missingRequired(emptyPhotoFields())).toEqual(['title', 'description', 'category']);
    expect(
      missingRequired({ ...emptyPhotoFields(), title: 'Heron', description: '<p>x</p>', category: 'birds' }),
    ).toEqual([]);
  });

  it('asks no description when editing (a batch draft has none)', () => {
    const draft = { ...emptyPhotoFields(), title: 'DSC 0412', description: '', category: 'birds' };
    expect(missingRequired(draft, 'edit')).toEqual([]);
    expect(missingRequired(draft, 'add')).toEqual(['description']);
    expect(missingRequired(emptyPhotoFields(), 'edit')).toEqual(['title', 'category']);
  });
});

describe('print option rules', () => {
  it('uses the spec messages on the add form', () => {
    const row = { key: 'a', size: '8x10', format: 'Lustre', price: '0.01', shipping: '0', inStock: true };
    expect(validateAddOption({ ...row, size: ' ', format: '', price: '0', shipping: '-1' })).toEqual({
      size: 'Size is required',
      format: 'Material is required',
      price: 'Price must be greater than 0',
      shipping: 'Shipping cannot be negative',
    });
    expect(validateAddOption({ ...row, shipping: ' ' })).toEqual({ shipping: 'Shipping is required' });
    expect(validateAddOption(row)).toEqual({});
  });

  it('uses the spec messages on the edit form', () => {
    expect(validateEditOption({ key: 'a', size: '', format: '', price: '', shipping: '-1' })).toEqual({
      size: 'Size is required',
      format: 'Format is required',
      price: 'Price must be greater than 0',
      shipping: 'Shipping must be a positive number',
    });
    expect(validateEditOption({ key: 'a', size: 'A', format: 'B', price: '5', shipping: '0' })).toEqual({});
  });

  it('detects only real changes', () => {
    const saved = { key: 'a', id: 1, size: '8x10', format: 'Lustre', price: '95', shipping: '10' };
    expect(hasChanged({ ...saved, price: '95.00' }, saved)).toBe(false);
    expect(hasChanged({ ...saved, shipping: '12' }, saved)).toBe(true);
    expect(hasChanged(saved, undefined)).toBe(true);
  });
});

describe('aspect ratio choices', () => {
  it('lists the defaults first, then ratios in use, once each', () => {
    expect(aspectRatioChoices(['3:2', '5:4', null, ' 5:4 ', '65:24'])).toEqual([
      '3:2',
      '2:3',
      '1:1',
      '16:9',
      '4:3',
      '5:4',
      '65:24',
    ]);
  });
});

describe('thumbnail size', () => {
  it('fits within 400x300 without upscaling', () => {
    expect(fitWithin(6000, 4000)).toEqual({ width: 400, height: 267 });
    expect(fitWithin(3000, 4500)).toEqual({ width: 200, height: 300 });
    expect(fitWithin(320, 200)).toEqual({ width: 320, height: 200 });
  });
});

describe('photo search', () => {
  it('matches title, location and category, ignoring case', () => {
    const photos = [
      { title: 'Great Blue Heron', location: 'Kenilworth', category: 'birds' },
      { title: 'Fog', location: null, category: 'landscapes' },
    ];
    expect(filterPhotos(photos, 'heron')).toHaveLength(1);
    expect(filterPhotos(photos, 'KENIL')).toHaveLength(1);
    expect(filterPhotos(photos, 'landscapes')).toEqual([photos[1]]);
    expect(filterPhotos(photos, '  ')).toHaveLength(2);
  });
});

describe('the print options sent with a photo save', () => {
  const saved = { key: 'a', id: 3, size: '8x10', format: 'Lustre', price: '95', shipping: '0' };
  const untouched = { key: 'b', id: 4, size: '5x7', format: 'Lustre', price: '45', shipping: '0' };

  it('creates new rows, updates only changed saved rows, and removes the removed ones', () => {
    const rows = [
      { ...saved, price: '99' },
      untouched,
      { key: 'c', size: ' 4x6 ', format: 'Metal', price: '30', shipping: '5' },
    ];
    expect(optionEdits(rows, { 3: saved, 4: untouched }, [9])).toEqual({
      edits: {
        create: [{ size: '4x6', format: 'Metal', price: 30, shipping: 5 }],
        update: [{ id: 3, size: '8x10', format: 'Lustre', price: 99, shipping: 0 }],
        remove: [9],
      },
      keys: { create: ['c'], update: ['a'] },
    });
  });

  it("puts the server's option errors back on the rows they name", () => {
    const keys = { '': ['r0', 'r1'], create: ['c0'], update: ['u0', 'u1'] };
    expect(
      serverRowErrors(
        {
          title: 'Title is required',
          'printOptions.1.price': 'Price must be greater than 0',
          'printOptions.update.1.size': 'Size is required',
          'printOptions.update.0.id': 'Print option 7 is not offered for this photo.',
        },
        keys,
      ),
    ).toEqual({
      rows: { r1: { price: 'Price must be greater than 0' }, u1: { size: 'Size is required' } },
      messages: ['Print option 7 is not offered for this photo.'],
    });
  });
});
