import type { Knex } from 'knex';
import type { Db } from '../../platform/db';

export type Tx = Knex.Transaction;

export type GrantRow = {
  id: string;
  order_id: number;
  order_line_id: number;
  photo_id: number;
  licence_id: number;
  download_size_id: number;
  licensee_name: string;
  licensee_kind: string;
  photo_title: string;
  licence_name: string;
  terms_html: string;
  size_label: string;
  issued_at: Date;
  revoked_at: Date | null;
};
export type NewGrant = Omit<GrantRow, 'issued_at' | 'revoked_at'>;

export type LinkRow = {
  id: number;
  grant_id: string;
  token_hash: string;
  expires_at: Date;
  max_downloads: number;
  downloads: number;
  replaced_at: Date | null;
  created_at: Date;
};

/** The licences' records after payment: grants and their download links (only keyed hashes). */
export function createLicenceGrantsRepository(db: Db) {
  const q = (trx?: Knex) => trx ?? db;
  return {
    transaction: <T>(fn: (trx: Tx) => Promise<T>) => db.transaction(fn),

    /** The grant of a paid line, once: a second writer (the paid e-mail, the subscriber) finds it made. */
    async insertGrant(trx: Knex, grant: NewGrant): Promise<boolean> {
      const rows = await trx('licence_grants')
        .insert(grant)
        .onConflict('order_line_id')
        .ignore()
        .returning('id');
      return rows.length > 0;
    },

    async grantsOfOrders(orderIds: number[], trx?: Knex): Promise<GrantRow[]> {
      if (!orderIds.length) return [];
      return q(trx)('licence_grants').whereIn('order_id', orderIds).orderBy('order_line_id');
    },

    async findGrant(id: string, trx?: Knex): Promise<GrantRow | undefined> {
      return q(trx)('licence_grants').where({ id }).first();
    },

    /** Every licence sold of a photo, newest first (the owner's list). */
    async grantsOfPhoto(photoId: number): Promise<GrantRow[]> {
      return db('licence_grants').where({ photo_id: photoId }).orderBy('issued_at', 'desc').orderBy('id');
    },

    /** Revokes the order's grants of these lines ('all': every one); the ids revoked now. */
    async revoke(trx: Knex, orderId: number, lineIds: number[] | 'all'): Promise<string[]> {
      const query = trx('licence_grants').where({ order_id: orderId }).whereNull('revoked_at');
      if (lineIds !== 'all') query.whereIn('order_line_id', lineIds);
      const rows: { id: string }[] = await query.update({ revoked_at: trx.fn.now() }).returning('id');
      return rows.map((r) => r.id);
    },

    /** What a grant snapshots of its licence and size when it is made. */
    async licenceFacts(licenceIds: number[], sizeIds: number[], trx?: Knex) {
      const [licences, sizes] = await Promise.all([
        q(trx)('licences').whereIn('id', licenceIds).select('id', 'name', 'slug', 'terms_html'),
        q(trx)('download_sizes').whereIn('id', sizeIds).select('id', 'label', 'long_edge_px'),
      ]);
      return {
        licences: new Map(
          (licences as { id: number; name: string; slug: string; terms_html: string }[]).map((l) => [
            l.id,
            l,
          ]),
        ),
        sizes: new Map(
          (sizes as { id: number; label: string; long_edge_px: number | null }[]).map((s) => [s.id, s]),
        ),
      };
    },

    async licenceSlug(licenceId: number): Promise<string> {
      const row: { slug: string } | undefined = await db('licences').where({ id: licenceId }).first('slug');
      return row?.slug ?? '';
    },

    async sizeEdge(sizeId: number): Promise<number | null> {
      const row: { long_edge_px: number | null } | undefined = await db('download_sizes')
        .where({ id: sizeId })
        .first('long_edge_px');
      return row?.long_edge_px ?? null;
    },

    /** A new link for a grant; the grant's links before it are replaced (they answer 410). */
    async replaceLink(
      trx: Knex,
      link: { grant_id: string; token_hash: string; expires_at: Date; max_downloads: number },
    ): Promise<LinkRow> {
      await trx('download_links')
        .where({ grant_id: link.grant_id })
        .whereNull('replaced_at')
        .update({ replaced_at: trx.fn.now() });
      const [row] = await trx('download_links').insert(link).returning('*');
      return row as LinkRow;
    },

    async findLink(tokenHash: string): Promise<LinkRow | undefined> {
      return db('download_links').where({ token_hash: tokenHash }).first();
    },

    /**
     * Counts a download (a GET from byte 0) when the link still gives one: one statement, so
     * concurrent requests never pass the limit. Null: used up, expired or replaced meanwhile.
     */
    async countDownload(linkId: number): Promise<number | null> {
      const rows: { downloads: number }[] = await db('download_links')
        .where({ id: linkId })
        .whereNull('replaced_at')
        .whereRaw('downloads < max_downloads')
        .whereRaw('expires_at > now()')
        .increment('downloads', 1)
        .returning('downloads');
      return rows[0]?.downloads ?? null;
    },

    /** Each grant's current (not replaced) link. */
    async currentLinks(grantIds: string[], trx?: Knex): Promise<Map<string, LinkRow>> {
      if (!grantIds.length) return new Map();
      const rows: LinkRow[] = await q(trx)('download_links')
        .whereIn('grant_id', grantIds)
        .whereNull('replaced_at')
        .orderBy('id');
      return new Map(rows.map((r) => [r.grant_id, r]));
    },
  };
}
export type LicenceGrantsRepository = ReturnType<typeof createLicenceGrantsRepository>;
