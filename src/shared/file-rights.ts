// Her rights as every served image carries them (issue 50): what the rights settings resolve to for
// one image, and what the media pipeline writes into its files. Shared by the rights module (which
// owns the settings), media (which writes them) and the admin screens (which edit them).

/**
 * IPTC's "Data Mining" property (Photo Metadata 2023.1, XMP `plus:DataMining`): each value is a term
 * of the PLUS vocabulary, written as its URI.
 */
export const DATA_MINING_VOCABULARY = 'http://ns.useplus.org/ldf/vocab/';
export const DATA_MINING = {
  'DMI-PROHIBITED-AIMLTRAINING': 'Prohibited for AI, ML and generative AI training',
  'DMI-PROHIBITED-GENAIMLTRAINING': 'Prohibited for generative AI and ML training',
  'DMI-PROHIBITED-EXCEPTSEARCHENGINEINDEXING': 'Prohibited except for search engine indexing',
  'DMI-PROHIBITED': 'Prohibited',
  'DMI-ALLOWED': 'Allowed',
  'DMI-UNSPECIFIED': 'Unspecified',
} as const;
export type DataMining = keyof typeof DATA_MINING;
export const DEFAULT_DATA_MINING: DataMining = 'DMI-PROHIBITED-AIMLTRAINING';

/** What one image's files say about who made it and who may use it (never a place). */
export type FileRights = {
  creator: string;
  /** e.g. "© 2026 Dana Whitfield, all rights reserved" (the photo's override when it has one) */
  copyrightNotice: string;
  creditLine: string;
  /** absolute: her rights page (default the shop's /about) */
  rightsUrl: string;
  dataMining: DataMining;
  /** the photo's own title; null for a logo or headshot */
  title: string | null;
};

export const WATERMARK_POSITIONS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** A watermark as the pipeline applies it to one display variant. */
export type Watermark = {
  position: WatermarkPosition;
  /** the mark's width as a share of the image's width, 0.05-0.5 */
  widthShare: number;
  /** 0.05-1 */
  opacity: number;
} & ({ kind: 'text'; text: string } | { kind: 'image'; png: Buffer });

/**
 * What the media pipeline writes into an asset's variants. `watermark` applies to display variants
 * at or above `watermarkFromWidth` (0: every display width); never to thumbnails below it, print
 * files, originals or downloads. `key` changes whenever anything written changes (a hash): the
 * pipeline compares it with the key its stored variants were made with.
 */
export type ImageStamp = {
  rights: FileRights;
  watermark: Watermark | null;
  watermarkFromWidth: number;
  key: string;
};

/**
 * The background remake after a change (`GET /api/admin/media/restamp-progress`): images whose
 * files still carry the old stamp, of all images.
 */
export type RestampProgress = { pending: number; total: number };
