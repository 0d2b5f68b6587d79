import { describe, expect, it } from 'vitest';
import type { PhotoDetail } from '../../../lib/api-types';
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
