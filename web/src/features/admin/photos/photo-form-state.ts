import { useReducer, type Dispatch } from 'react';
import type { AdminPhotoDetail as PhotoDetail } from '../../../lib/api-types';
import type { CameraDetails } from '@shared/photo-metadata';
import type { PrintOption } from '../../../lib/api-types';
import { toLocalInput } from '../shared/photo-protection';
import {
  DEFAULT_EDIT_CATEGORY,
  catalogueRow,
  defaultAddOptions,
  emptyPhotoFields,
  optionsOfRatio,
  rowKey,
  type AddOptionRow,
  type EditOptionRow,
  type PhotoFields,
  type RowErrors,
} from './photo-form-model';

/** State of the add and edit photo form, one reducer instead of a dozen useStates. */

export type FormMode = 'add' | 'edit';
export type ChosenImage = {
  file: File;
  previewUrl: string;
  type: string;
  /** Made in the browser on the edit form, sent when no custom thumbnail is chosen. */
  autoThumbnail?: Blob;
  /** Read from the file's EXIF when it was chosen (never its GPS). */
  camera?: CameraDetails | null;
};
export type ChosenThumbnail = { file: File; previewUrl: string };
/** What the chosen file says: the nearest ratio of its pixel size, its EXIF date and camera. */
export type ImageFacts = {
  aspectRatio: string | null;
  dateTaken: string | null;
  camera: CameraDetails | null;
};
export type FieldErrors = Partial<Record<keyof PhotoFields | 'image' | 'thumbnail', string>>;
export type Phase =
  | { step: 'idle' }
  | { step: 'uploading'; percent: number; loaded?: number; total?: number }
  | { step: 'processing' };
/**
 * Where the add form's rows came from: the spec's defaults (8x10 and 12x16 inch) while the photo's
 * ratio is unknown or the catalogue has nothing for it, the catalogue's options of the ratio once
 * it is known, or the owner's own edits (kept from then on, whatever the ratio).
 */
export type AddRowsSource =
  { kind: 'defaults' } | { kind: 'catalogue'; ratio: string; optionIds: string } | { kind: 'owner' };
/** A change to one print option row, of either form. */
export type OptionPatch = Partial<Omit<AddOptionRow, 'key'> & Omit<EditOptionRow, 'key' | 'id'>>;

export type PhotoFormState = {
  mode: FormMode;
  fields: PhotoFields;
  fieldErrors: FieldErrors;
  image: ChosenImage | null;
  thumbnail: ChosenThumbnail | null;
  /** The rows of the add form (empty on edit). */
  addRows: AddOptionRow[];
  addRowsFrom: AddRowsSource;
  /** The rows of the edit form (empty on add). */
  editRows: EditOptionRow[];
  /** What each saved option looked like, so only changed ones are written back to the catalogue. */
  savedRows: Record<number, EditOptionRow>;
  /** Saved options removed in the form, unassigned on save. */
  removedIds: number[];
  optionErrors: Record<string, RowErrors>;
  optionsMessage: string | null;
  phase: Phase;
  /** Values the chosen file filled in: another file may replace them, typed values stay. */
  autoFilled: Partial<Record<'aspectRatio' | 'dateTaken', string>>;
};

export type PhotoFormAction =
  | { type: 'field'; name: keyof PhotoFields; value: PhotoFields[keyof PhotoFields] }
  | { type: 'fieldErrors'; errors: FieldErrors }
  | { type: 'image'; image: ChosenImage | null }
  | { type: 'imageFacts'; facts: ImageFacts }
  | { type: 'thumbnail'; thumbnail: ChosenThumbnail | null }
  /** `auto`: the form itself set the values (a row taking a catalogue option's price), not the owner. */
  | { type: 'changeRow'; key: string; patch: OptionPatch; auto?: boolean }
  /** The photo's ratio or the catalogue changed: the add form offers the catalogue's options of the ratio. */
  | { type: 'offerOptions'; ratio: string; catalogue: readonly PrintOption[] }
  | { type: 'addRow'; row: AddOptionRow }
  | { type: 'addEditRow'; row: EditOptionRow }
  | { type: 'removeRow'; key: string }
  | { type: 'optionErrors'; errors: Record<string, RowErrors> }
  | { type: 'optionsMessage'; message: string | null }
  | { type: 'phase'; phase: Phase };

function fieldsOf(photo: PhotoDetail): PhotoFields {
  return {
    title: photo.title,
    description: photo.description ?? '',
    location: photo.location ?? '',
    dateTaken: photo.dateTaken ?? '',
    aspectRatio: photo.aspectRatio ?? '',
    category: photo.category || DEFAULT_EDIT_CATEGORY,
    displayOrder: String(photo.displayOrder ?? 0),
    featured: photo.featured,
    verticalPosition: photo.verticalPosition ?? 50,
    horizontalPosition: photo.horizontalPosition ?? 50,
    showCameraDetails: photo.showCameraDetails ?? false,
    speciesCommon: photo.speciesCommon ?? '',
    speciesScientific: photo.speciesScientific ?? '',
    protection: photo.protection ?? 'auto',
    publicRegion: photo.publicRegion ?? '',
    publishAt: toLocalInput(photo.publishAt),
    copyrightNotice: photo.copyrightNotice ?? '',
    watermarkOff: photo.watermarkOff ?? false,
  };
}

function editRowsOf(photo: PhotoDetail): EditOptionRow[] {
  return photo.printOptions.map((option) => ({
    key: rowKey(),
    id: option.id,
    size: option.size,
    format: option.format,
    price: String(option.price),
    shipping: String(option.shipping),
  }));
}

export function initialPhotoFormState(photo?: PhotoDetail): PhotoFormState {
  const editRows = photo ? editRowsOf(photo) : [];
  return {
    mode: photo ? 'edit' : 'add',
    fields: photo ? fieldsOf(photo) : emptyPhotoFields(),
    fieldErrors: {},
    image: null,
    thumbnail: null,
    addRows: photo ? [] : defaultAddOptions(),
    addRowsFrom: { kind: 'defaults' },
    editRows,
    savedRows: Object.fromEntries(editRows.flatMap((row) => (row.id === undefined ? [] : [[row.id, row]]))),
    removedIds: [],
    optionErrors: {},
    optionsMessage: null,
    phase: { step: 'idle' },
    autoFilled: {},
  };
}

function patchRows<R extends { key: string }>(rows: R[], key: string, patch: OptionPatch): R[] {
  return rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
}

/**
 * The add form's rows for the photo's ratio: the catalogue's options of that ratio (their prices
 * and shipping), or the spec's defaults while the ratio is unknown or has none. Rows the owner
 * has changed, added or removed stay as they are.
 */
function offerOptions(
  state: PhotoFormState,
  ratio: string,
  catalogue: readonly PrintOption[],
): PhotoFormState {
  if (state.mode !== 'add' || state.addRowsFrom.kind === 'owner') return state;
  const offered = optionsOfRatio(catalogue, ratio);
  if (offered.length === 0)
    return state.addRowsFrom.kind === 'defaults'
      ? state
      : { ...state, addRows: defaultAddOptions(), addRowsFrom: { kind: 'defaults' }, optionErrors: {} };
  const optionIds = offered.map((o) => o.id).join(',');
  const from = state.addRowsFrom;
  if (from.kind === 'catalogue' && from.ratio === ratio.trim() && from.optionIds === optionIds) return state;
  return {
    ...state,
    addRows: offered.map(catalogueRow),
    addRowsFrom: { kind: 'catalogue', ratio: ratio.trim(), optionIds },
    optionErrors: {},
    optionsMessage: null,
  };
}

export function photoFormReducer(state: PhotoFormState, action: PhotoFormAction): PhotoFormState {
  switch (action.type) {
    case 'field': {
      const fieldErrors = state.fieldErrors[action.name]
        ? { ...state.fieldErrors, [action.name]: undefined }
        : state.fieldErrors;
      return { ...state, fields: { ...state.fields, [action.name]: action.value }, fieldErrors };
    }
    case 'fieldErrors':
      return { ...state, fieldErrors: { ...state.fieldErrors, ...action.errors } };
    case 'image':
      return {
        ...state,
        image: action.image,
        fieldErrors: action.image ? { ...state.fieldErrors, image: undefined } : state.fieldErrors,
      };
    case 'imageFacts': {
      // a value is filled when the field is empty or still holds what an earlier file filled in
      const fields = { ...state.fields };
      const autoFilled = { ...state.autoFilled };
      for (const name of ['aspectRatio', 'dateTaken'] as const) {
        const value = action.facts[name];
        if (value && (!fields[name] || fields[name] === state.autoFilled[name])) {
          fields[name] = value;
          autoFilled[name] = value;
        }
      }
      const image = state.image && { ...state.image, camera: action.facts.camera };
      return { ...state, fields, autoFilled, image };
    }
    case 'thumbnail':
      return {
        ...state,
        thumbnail: action.thumbnail,
        fieldErrors: { ...state.fieldErrors, thumbnail: undefined },
      };
    case 'changeRow':
      return {
        ...state,
        addRows: patchRows(state.addRows, action.key, action.patch),
        editRows: patchRows(state.editRows, action.key, action.patch),
        addRowsFrom: action.auto ? state.addRowsFrom : { kind: 'owner' },
        optionErrors: { ...state.optionErrors, [action.key]: {} },
      };
    case 'offerOptions':
      return offerOptions(state, action.ratio, action.catalogue);
    case 'addRow':
      return {
        ...state,
        addRows: [...state.addRows, action.row],
        addRowsFrom: { kind: 'owner' },
        optionsMessage: null,
      };
    case 'addEditRow':
      return { ...state, editRows: [...state.editRows, action.row] };
    case 'removeRow': {
      const removed = state.editRows.find((row) => row.key === action.key);
      return {
        ...state,
        addRows: state.addRows.filter((row) => row.key !== action.key),
        editRows: state.editRows.filter((row) => row.key !== action.key),
        addRowsFrom: state.mode === 'add' ? { kind: 'owner' } : state.addRowsFrom,
        removedIds: removed?.id !== undefined ? [...state.removedIds, removed.id] : state.removedIds,
      };
    }
    case 'optionErrors':
      return { ...state, optionErrors: action.errors };
    case 'optionsMessage':
      return { ...state, optionsMessage: action.message };
    case 'phase':
      return { ...state, phase: action.phase };
  }
}

export type PhotoFormDispatch = Dispatch<PhotoFormAction>;

export function usePhotoFormState(photo?: PhotoDetail): [PhotoFormState, PhotoFormDispatch] {
  return useReducer(photoFormReducer, photo, initialPhotoFormState);
}
