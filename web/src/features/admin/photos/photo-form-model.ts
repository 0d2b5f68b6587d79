/** Form state and client validation of the add and edit photo screens. */

import type { PhotoPrintOptionEdits, PrintOption, PrintOptionFields } from '../../../lib/api-types';
import type { ProtectionSetting } from '@shared/location-protection';
import { isValidPrice, isValidShipping, toNumber } from '../shared/price-fields';

export type PhotoFields = {
  title: string;
  description: string;
  location: string;
  dateTaken: string;
  aspectRatio: string;
  category: string;
  displayOrder: string;
  featured: boolean;
  verticalPosition: number;
  /** The focal point's other half: 0 the left edge, 100 the right (where print crops centre). */
  horizontalPosition: number;
  /** Show the camera details read from the file on the public photo page. */
  showCameraDetails: boolean;
  speciesCommon: string;
  speciesScientific: string;
  protection: ProtectionSetting;
  /** Blank: the region read from the location. */
  publicRegion: string;
  /** A datetime-local value in the browser's time zone; blank: public now. */
  publishAt: string;
  /** Her notice for this photo's files; blank: the site's (edit form only). */
  copyrightNotice: string;
  /** No watermark on this photo's files (edit form only). */
  watermarkOff: boolean;
};

/** A print option row of the add form (the older per-photo shape, plus its shipping). */
export type AddOptionRow = {
  key: string;
  size: string;
  /** Labelled Material, as the spec's per-photo form names the format. */
  format: string;
  price: string;
  shipping: string;
  inStock: boolean;
};

/** A print option row of the edit form; rows without an id are created on save. */
export type EditOptionRow = {
  key: string;
  id?: number;
  size: string;
  format: string;
  price: string;
  shipping: string;
};

export type RowErrors = Partial<Record<'size' | 'format' | 'price' | 'shipping', string>>;

export const DEFAULT_VERTICAL_POSITION = 50;
export const DEFAULT_EDIT_CATEGORY = 'landscapes';

let nextKey = 1;
export function rowKey(): string {
  return `row-${nextKey++}`;
}

export function emptyPhotoFields(): PhotoFields {
  return {
    title: '',
    description: '',
    location: '',
    dateTaken: '',
    aspectRatio: '',
    category: '',
    displayOrder: '0',
    featured: false,
    verticalPosition: DEFAULT_VERTICAL_POSITION,
    horizontalPosition: DEFAULT_VERTICAL_POSITION,
    showCameraDetails: false,
    speciesCommon: '',
    speciesScientific: '',
    protection: 'auto',
    publicRegion: '',
    publishAt: '',
    copyrightNotice: '',
    watermarkOff: false,
  };
}

/** Two rows: 8x10 inch and 12x16 inch, Lustre Paper, 95 and 150, in stock. */
export function defaultAddOptions(): AddOptionRow[] {
  return [
    { key: rowKey(), size: '8x10 inch', format: 'Lustre Paper', price: '95', shipping: '0', inStock: true },
    {
      key: rowKey(),
      size: '12x16 inch',
      format: 'Lustre Paper',
      price: '150',
      shipping: '0',
      inStock: true,
    },
  ];
}

/** A catalogue option as an add form row: its size, format, price and shipping, in stock. */
export function catalogueRow(option: PrintOption): AddOptionRow {
  return {
    key: rowKey(),
    size: option.size,
    format: option.format,
    price: String(option.price),
    shipping: String(option.shipping),
    inStock: true,
  };
}

/** The catalogue's options of one aspect ratio, cheapest first (as the catalogue lists them). */
export function optionsOfRatio(options: readonly PrintOption[], ratio: string): PrintOption[] {
  const wanted = ratio.trim();
  if (!wanted) return [];
  return options.filter((o) => o.aspectRatio === wanted).sort((a, b) => a.price - b.price || a.id - b.id);
}

export function emptyAddOption(): AddOptionRow {
  return { key: rowKey(), size: '', format: 'Lustre Paper', price: '', shipping: '0', inStock: true };
}

export function emptyEditOption(): EditOptionRow {
  return { key: rowKey(), size: '', format: '', price: '', shipping: '0' };
}

/** True when rich text holds no visible text (Tiptap's empty document is '<p></p>'). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

export { toNumber };

/**
 * Title and category are required: 'Incomplete form'. The description too when adding (the spec's
 * "Photo add"), not when editing: a batch draft has none, and her species or publish time must not
 * wait for one.
 */
export function missingRequired(
  fields: PhotoFields,
  mode: 'add' | 'edit' = 'add',
): Array<'title' | 'description' | 'category'> {
  const missing: Array<'title' | 'description' | 'category'> = [];
  if (!fields.title.trim()) missing.push('title');
  if (mode === 'add' && isBlankHtml(fields.description)) missing.push('description');
  if (!fields.category.trim()) missing.push('category');
  return missing;
}

export function validateAddOption(row: AddOptionRow): RowErrors {
  const errors: RowErrors = {};
  if (!row.size.trim()) errors.size = 'Size is required';
  if (!row.format.trim()) errors.format = 'Material is required';
  if (!isValidPrice(row.price)) errors.price = 'Price must be greater than 0';
  if (!row.shipping.trim()) errors.shipping = 'Shipping is required';
  else if (!isValidShipping(row.shipping)) errors.shipping = 'Shipping cannot be negative';
  return errors;
}

export function validateEditOption(row: EditOptionRow): RowErrors {
  const errors: RowErrors = {};
  if (!row.size.trim()) errors.size = 'Size is required';
  if (!row.format.trim()) errors.format = 'Format is required';
  if (!isValidPrice(row.price)) errors.price = 'Price must be greater than 0';
  if (!isValidShipping(row.shipping)) errors.shipping = 'Shipping must be a positive number';
  return errors;
}

/** Errors per row key; empty when every row is valid. */
export function rowErrors<R extends { key: string }>(
  rows: R[],
  validate: (row: R) => RowErrors,
): Record<string, RowErrors> {
  const result: Record<string, RowErrors> = {};
  for (const row of rows) {
    const errors = validate(row);
    if (Object.keys(errors).length > 0) result[row.key] = errors;
  }
  return result;
}

export function hasChanged(row: EditOptionRow, original: EditOptionRow | undefined): boolean {
  if (!original) return true;
  return (
    row.size.trim() !== original.size.trim() ||
    row.format.trim() !== original.format.trim() ||
    toNumber(row.price) !== toNumber(original.price) ||
    toNumber(row.shipping) !== toNumber(original.shipping)
  );
}

export function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function displayOrderOf(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : 0;
}

/** The row each sent entry came from, per list ('' for the add form's plain list), to put errors back. */
export type SentRowKeys = Record<string, string[]>;

const editFields = (row: EditOptionRow): PrintOptionFields => ({
  size: row.size.trim(),
  format: row.format.trim(),
  price: toNumber(row.price),
  shipping: toNumber(row.shipping),
});

/** New rows are created, changed saved rows updated (a change reaches every photo offering it), removed ones unassigned. */
export function optionEdits(
  rows: EditOptionRow[],
  savedRows: Record<number, EditOptionRow>,
  removedIds: number[],
): { edits: PhotoPrintOptionEdits; keys: SentRowKeys } {
  const created = rows.filter((row) => row.id === undefined);
  const updated = rows.flatMap((row) =>
    row.id !== undefined && hasChanged(row, savedRows[row.id]) ? [{ ...row, id: row.id }] : [],
  );
  return {
    edits: {
      create: created.map(editFields),
      update: updated.map((row) => ({ id: row.id, ...editFields(row) })),
      remove: removedIds,
    },
    keys: { create: created.map((row) => row.key), update: updated.map((row) => row.key) },
  };
}

/**
 * An add form row as POST /api/admin/photos takes it: the wire's `material` is the row's format
 * (docs/architecture.md, Names; rowField maps the server's errors back).
 */
export function addOptionBody(row: AddOptionRow) {
  return {
    size: row.size.trim(),
    material: row.format.trim(),
    price: toNumber(row.price),
    shipping: toNumber(row.shipping),
    inStock: row.inStock,
  };
}

const ROW_FIELDS: ReadonlyArray<keyof RowErrors> = ['size', 'format', 'price', 'shipping'];
/** The row field a server error names: the add form's `material` is its format (addOptionBody). */
const rowField = (name: string): keyof RowErrors | undefined =>
  ROW_FIELDS.find((field) => field === (name === 'material' ? 'format' : name));

/**
 * The server's option errors (`printOptions.1.price`, `printOptions.update.0.size`) on the rows
 * they name; any other option error (an unknown or foreign option) as a message.
 */
export function serverRowErrors(
  errors: Record<string, string>,
  keys: SentRowKeys,
): { rows: Record<string, RowErrors>; messages: string[] } {
  const rows: Record<string, RowErrors> = {};
  const messages: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    const match = /^printOptions\.(?:(create|update)\.)?(\d+)\.(\w+)$/.exec(name);
    const key = match && keys[match[1] ?? '']?.[Number(match[2])];
    const field = match ? rowField(match[3]) : undefined;
    if (key && field) rows[key] = { ...rows[key], [field]: message };
    else if (name.startsWith('printOptions')) messages.push(message);
  }
  return { rows, messages };
}
