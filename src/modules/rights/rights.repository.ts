import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { DataMining } from '../../shared/file-rights';
import type { RightsSettings } from './rights.rules';

export type Tx = Knex.Transaction;

type Row = {
  creator: string;
  copyright_notice: string | null;
  credit_line: string;
  rights_url: string;
  data_mining: string;
  ai_crawlers_blocked: boolean;
  ai_crawler_agents: string[];
  watermark_enabled: boolean;
  watermark_kind: 'text' | 'image';
  watermark_text: string;
  watermark_png: Buffer | null;
  watermark_position: RightsSettings['watermark']['position'];
  watermark_width_share: number;
  watermark_opacity: number;
  watermark_from_width: number;
  updated_at: Date;
};

const toSettings = (r: Row): RightsSettings => ({
  creator: r.creator,
  copyrightNotice: r.copyright_notice,
  creditLine: r.credit_line,
  rightsUrl: r.rights_url,
  dataMining: r.data_mining as DataMining,
  aiCrawlersBlocked: r.ai_crawlers_blocked,
  aiCrawlerAgents: r.ai_crawler_agents,
  watermark: {
    enabled: r.watermark_enabled,
    kind: r.watermark_kind,
    text: r.watermark_text,
    png: r.watermark_png,
    position: r.watermark_position,
    widthShare: Number(r.watermark_width_share),
    opacity: Number(r.watermark_opacity),
    fromWidth: r.watermark_from_width,
  },
  updatedAt: r.updated_at,
});

const toRow = (s: Omit<RightsSettings, 'updatedAt'>) => ({
  creator: s.creator,
  copyright_notice: s.copyrightNotice,
  credit_line: s.creditLine,
  rights_url: s.rightsUrl,
  data_mining: s.dataMining,
  ai_crawlers_blocked: s.aiCrawlersBlocked,
  ai_crawler_agents: s.aiCrawlerAgents,
  watermark_enabled: s.watermark.enabled,
  watermark_kind: s.watermark.kind,
  watermark_text: s.watermark.text,
  watermark_png: s.watermark.png,
  watermark_position: s.watermark.position,
  watermark_width_share: s.watermark.widthShare,
  watermark_opacity: s.watermark.opacity,
  watermark_from_width: s.watermark.fromWidth,
});

/** rights_settings: one row (id 1), written by its migration. */
export function createRightsRepository(db: Db) {
  return {
    async load(ex: Db | Tx = db): Promise<RightsSettings> {
      const row = (await ex('rights_settings').where({ id: 1 }).first()) as Row | undefined;
      if (!row) throw new Error('rights_settings has no row: run the migrations');
      return toSettings(row);
    },

    /** When the settings last changed: a cheap check before the whole row (its PNG) is read again. */
    async updatedAt(): Promise<Date> {
      const row = (await db('rights_settings').where({ id: 1 }).first('updated_at')) as { updated_at: Date };
      return row.updated_at;
    },

    /**
     * The settings replaced in one transaction with the row locked (two saves at once: one after
     * the other); `then` runs in it with the before and after (the event is published there).
     */
    async save(
      change: (before: RightsSettings) => Omit<RightsSettings, 'updatedAt'>,
      then: (tx: Tx, before: RightsSettings, after: RightsSettings) => Promise<unknown>,
    ): Promise<RightsSettings> {
      return db.transaction(async (tx) => {
        const row = (await tx('rights_settings').where({ id: 1 }).forUpdate().first()) as Row;
        const before = toSettings(row);
        const [updated] = (await tx('rights_settings')
          .where({ id: 1 })
          .update({ ...toRow(change(before)), updated_at: tx.fn.now() })
          .returning('*')) as Row[];
        const after = toSettings(updated);
        await then(tx, before, after);
        return after;
      });
    },
  };
}
export type RightsRepository = ReturnType<typeof createRightsRepository>;
