import { z } from 'zod';

/**
 * The archive's layout (a .tar.gz, entries in this order):
 *
 *   manifest.json                   this schema: versions, migrations, tables, files
 *   tables/<table>/<nnnnnn>.copy    the table's rows as `COPY ... TO STDOUT` text, in parts of at
 *                                   most PART_BYTES (tar needs each entry's size up front; parts
 *                                   keep memory bounded); tables in foreign-key order; none for
 *                                   an empty table
 *   files/<path>                    the files under DATA_DIR, but outbox/
 */
export const FORMAT = 'wildframe-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const PART_BYTES = 8 * 1024 * 1024;

export const partPath = (table: string, part: number) =>
  `tables/${encodeURIComponent(table)}/${String(part).padStart(6, '0')}.copy`;
export const filePath = (relative: string) => `files/${relative}`;

/** tables/<table>/<n>.copy -> { table, part } */
export function parsePartPath(path: string): { table: string; part: number } | null {
  const m = /^tables\/([^/]+)\/(\d{6})\.copy$/.exec(path);
  return m ? { table: decodeURIComponent(m[1]), part: Number(m[2]) } : null;
}

const tableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  /** sequences owned by columns: their value at backup time (ids of deleted rows are not handed out again) */
  sequences: z.array(
    z.object({ column: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    name: z.string(),
    serverVersion: z.string(),
    /** knex_migrations' names in the order they ran: restore migrates to exactly these first */
    migrations: z.array(z.string()),
    copy: z.object({ format: z.literal('text'), encoding: z.literal('UTF8') }),
  }),
  tables: z.array(tableSchema),
  files: z.object({
    /** DATA_DIR's subdirectories that were left out on purpose */
    excluded: z.array(z.string()),
    entries: z.array(z.object({ path: z.string().min(1), size: z.number().int().min(0) })),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest['tables'][number];
