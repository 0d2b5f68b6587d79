import type { Knex } from 'knex';
import type { Db } from '../../platform/db';

export type Tx = Knex.Transaction;
export type NumberState = 'held' | 'sold' | 'revoked' | 'released';

export type EditionRow = {
  id: number;
  photo_id: number;
  print_option_id: number | null;
  size: number;
  artist_proofs: number;
  closed_at: Date | null;
  created_at: Date;
};
export type NumberRow = {
  id: number;
  edition_id: number;
  number: number;
  order_id: number;
  order_line_id: number;
  state: NumberState;
  signed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
export type CertificateRow = {
  id: string;
  edition_number_id: number;
  pdf: Buffer;
  issued_at: Date;
  revoked_at: Date | null;
};

/** The editions module's SQL: editions, edition_numbers, certificates, edition_settings. */
export function createEditionsRepository(db: Db) {
  return {
    transaction: <T>(fn: (trx: Tx) => Promise<T>) => db.transaction(fn),

    editionsOfPhotos: (photoIds: number[], q: Knex = db): Promise<EditionRow[]> =>
      q('editions').whereIn('photo_id', photoIds).orderBy('id'),

    findEdition: (photoId: number, optionId: number | null, q: Knex = db): Promise<EditionRow | undefined> =>
      optionId === null
        ? q('editions').where({ photo_id: photoId }).whereNull('print_option_id').first()
        : q('editions').where({ photo_id: photoId, print_option_id: optionId }).first(),

    /** Locks the edition's row: every number of it is taken under this lock. */
    lockEdition: (trx: Tx, id: number): Promise<EditionRow | undefined> =>
      trx('editions').where({ id }).forUpdate().first(),

    async insertEdition(
      trx: Tx,
      row: Omit<EditionRow, 'id' | 'created_at' | 'closed_at'>,
    ): Promise<EditionRow> {
      const [made] = await trx('editions').insert(row).returning('*');
      return made as EditionRow;
    },
    async updateEdition(trx: Tx, id: number, patch: Partial<EditionRow>): Promise<EditionRow> {
      const [row] = await trx('editions').where({ id }).update(patch).returning('*');
      return row as EditionRow;
    },
    deleteEdition: (trx: Tx, id: number) => trx('editions').where({ id }).delete(),

    /** Numbers not released per edition: held, sold or revoked (never offered again). */
    async takenCounts(editionIds: number[], q: Knex = db): Promise<Map<number, number>> {
      if (!editionIds.length) return new Map();
      const rows: { edition_id: number; n: string }[] = await q('edition_numbers')
        .whereIn('edition_id', editionIds)
        .whereNot('state', 'released')
        .groupBy('edition_id')
        .select('edition_id', q.raw('count(*) as n'));
      return new Map(rows.map((r) => [r.edition_id, Number(r.n)]));
    },
    async hasSales(trx: Tx, editionId: number): Promise<boolean> {
      const row = await trx('edition_numbers')
        .where({ edition_id: editionId })
        .whereIn('state', ['sold', 'revoked'])
        .first('id');
      return !!row;
    },
    takenNumbers: (trx: Tx, editionId: number): Promise<number[]> =>
      trx('edition_numbers').where({ edition_id: editionId }).whereNot('state', 'released').pluck('number'),

    insertNumbers: (
      trx: Tx,
      rows: {
        edition_id: number;
        number: number;
        order_id: number;
        order_line_id: number;
        state: NumberState;
      }[],
    ) => (rows.length ? trx('edition_numbers').insert(rows) : Promise.resolve()),

    /** held -> released for these orders (their payment can no longer arrive, or a retry retakes them). */
    releaseHeld: (trx: Tx, orderIds: readonly number[]) =>
      trx('edition_numbers')
        .whereIn('order_id', orderIds)
        .where({ state: 'held' })
        .update({ state: 'released', updated_at: trx.fn.now() }),

    numbersOfOrder: (orderId: number, q: Knex = db): Promise<NumberRow[]> =>
      q('edition_numbers').where({ order_id: orderId }).whereNot('state', 'released').orderBy('number'),

    numbersOfOrders: (orderIds: number[], q: Knex = db): Promise<(NumberRow & { size: number })[]> =>
      orderIds.length
        ? q('edition_numbers as n')
            .join('editions as e', 'e.id', 'n.edition_id')
            .whereIn('n.order_id', orderIds)
            .whereNot('n.state', 'released')
            .orderBy('n.number')
            .select('n.*', 'e.size')
        : Promise.resolve([]),

    setState: (trx: Tx, ids: number[], state: NumberState) =>
      trx('edition_numbers').whereIn('id', ids).update({ state, updated_at: trx.fn.now() }),

    findNumber: (
      id: number,
      q: Knex = db,
    ): Promise<(NumberRow & { size: number; photo_id: number }) | undefined> =>
      q('edition_numbers as n')
        .join('editions as e', 'e.id', 'n.edition_id')
        .where('n.id', id)
        .first('n.*', 'e.size', 'e.photo_id'),

    markSigned: (id: number) =>
      db('edition_numbers')
        .where({ id, state: 'sold' })
        .update({ signed_at: db.fn.now(), updated_at: db.fn.now() })
        .returning('id'),

    /** Sold numbers and their certificate's id (if made): the prints to sign. */
    soldWithCertificates: (): Promise<
      (NumberRow & { size: number; photo_id: number; certificate_id: string | null })[]
    > =>
      db('edition_numbers as n')
        .join('editions as e', 'e.id', 'n.edition_id')
        .leftJoin('certificates as c', 'c.edition_number_id', 'n.id')
        .where('n.state', 'sold')
        .orderBy('n.id')
        .select('n.*', 'e.size', 'e.photo_id', 'c.id as certificate_id'),

    /** Sold numbers with no certificate yet (a lost job), for the sweeper. */
    soldWithoutCertificate: (): Promise<number[]> =>
      db('edition_numbers as n')
        .leftJoin('certificates as c', 'c.edition_number_id', 'n.id')
        .where('n.state', 'sold')
        .whereNull('c.id')
        .where('n.updated_at', '<', db.raw("now() - interval '1 minute'"))
        .pluck('n.id'),

    certificatesOf: (numberIds: number[], q: Knex = db): Promise<Omit<CertificateRow, 'pdf'>[]> =>
      numberIds.length
        ? q('certificates')
            .whereIn('edition_number_id', numberIds)
            .select('id', 'edition_number_id', 'issued_at', 'revoked_at')
        : Promise.resolve([]),
    findCertificate: (id: string): Promise<CertificateRow | undefined> =>
      db('certificates').where({ id }).first(),
    certificateOfNumber: (numberId: number): Promise<Omit<CertificateRow, 'pdf'> | undefined> =>
      db('certificates')
        .where({ edition_number_id: numberId })
        .first('id', 'edition_number_id', 'issued_at', 'revoked_at'),
    /** Made once: a second maker (a re-driven job) keeps the first one's bytes. */
    async insertCertificate(row: { id: string; edition_number_id: number; pdf: Buffer }): Promise<boolean> {
      const made = await db('certificates')
        .insert(row)
        .onConflict('edition_number_id')
        .ignore()
        .returning('id');
      return made.length > 0;
    },
    revokeCertificates: (trx: Tx, numberIds: number[]) =>
      numberIds.length
        ? trx('certificates')
            .whereIn('edition_number_id', numberIds)
            .whereNull('revoked_at')
            .update({ revoked_at: trx.fn.now() })
        : Promise.resolve(0),

    settings: (): Promise<
      | { photographer_name: string | null; signature: Buffer | null; signature_type: string | null }
      | undefined
    > => db('edition_settings').where({ id: 1 }).first(),
    async saveSettings(patch: { photographer_name?: string; signature?: Buffer; signature_type?: string }) {
      await db('edition_settings')
        .insert({ id: 1, ...patch, updated_at: db.fn.now() })
        .onConflict('id')
        .merge({ ...patch, updated_at: db.fn.now() });
    },
  };
}
export type EditionsRepository = ReturnType<typeof createEditionsRepository>;
