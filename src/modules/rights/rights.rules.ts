import { createHash } from 'node:crypto';
import type { DataMining, FileRights, ImageStamp, Watermark } from '../../shared/file-rights';

// The pure rules of her rights: the default notice, what one image carries, its stamp's key, the
// TDM reservation and the robots.txt section. No I/O here.

/** The settings as the service keeps them (the row, in the code's words). */
export type RightsSettings = {
  creator: string;
  copyrightNotice: string | null;
  creditLine: string;
  rightsUrl: string;
  dataMining: DataMining;
  aiCrawlersBlocked: boolean;
  aiCrawlerAgents: string[];
  watermark: {
    enabled: boolean;
    kind: 'text' | 'image';
    text: string;
    png: Buffer | null;
    position: Watermark['position'];
    widthShare: number;
    opacity: number;
    fromWidth: number;
  };
  updatedAt: Date;
};

/** The year a free-text date taken names ("2025-08-30", "Spring 2025"), or null. */
export function yearOf(dateTaken: string | null | undefined): number | null {
  const m = /(?:^|\D)(1[89]\d\d|2\d\d\d)(?!\d)/.exec(dateTaken ?? '');
  return m ? Number(m[1]) : null;
}

/** "© 2026 Dana Whitfield, all rights reserved": the year taken, else this year. */
export function defaultNotice(name: string, year: number): string {
  return `© ${year} ${name}, all rights reserved`.replace(/\s+,/, ',');
}

/** A site path made absolute on the shop's address; an http(s) address as it is. */
export function absoluteUrl(publicUrl: string, rightsUrl: string): string {
  return rightsUrl.startsWith('/') ? `${publicUrl}${rightsUrl}` : rightsUrl;
}

/** TDMRep (W3C): rights reserved unless she allows mining or says nothing. */
export function reservesMining(dataMining: DataMining): boolean {
  return dataMining !== 'DMI-ALLOWED' && dataMining !== 'DMI-UNSPECIFIED';
}

/** The headers of pages and images: none when mining is not reserved. */
export function tdmHeaders(s: Pick<RightsSettings, 'dataMining'>, policyUrl: string): [string, string][] {
  return reservesMining(s.dataMining)
    ? [
        ['tdm-reservation', '1'],
        ['tdm-policy', policyUrl],
      ]
    : [];
}

/** /.well-known/tdmrep.json: one rule for the whole site. */
export function tdmrepJson(s: Pick<RightsSettings, 'dataMining'>, policyUrl: string) {
  return reservesMining(s.dataMining)
    ? [{ location: '/*', 'tdm-reservation': 1, 'tdm-policy': policyUrl }]
    : [{ location: '/*', 'tdm-reservation': 0 }];
}

/** robots.txt's lines asking each AI crawler to stay away (none while the switch is off). */
export function aiCrawlerSection(s: Pick<RightsSettings, 'aiCrawlersBlocked' | 'aiCrawlerAgents'>): string[] {
  if (!s.aiCrawlersBlocked || !s.aiCrawlerAgents.length) return [];
  return [
    '# AI crawlers: the owner asks these not to collect this site (see /.well-known/tdmrep.json)',
    ...s.aiCrawlerAgents.flatMap((agent) => [`User-agent: ${agent}`, 'Disallow: /', '']),
  ];
}

/** The settings' watermark as the pipeline applies it, or null (off, or an image one without a PNG). */
export function watermarkOf(s: RightsSettings, name: string): Watermark | null {
  const w = s.watermark;
  if (!w.enabled) return null;
  const common = { position: w.position, widthShare: w.widthShare, opacity: w.opacity };
  if (w.kind === 'image') return w.png ? { ...common, kind: 'image', png: w.png } : null;
  const text = w.text || name;
  return text ? { ...common, kind: 'text', text } : null;
}

/** sha256 of the stamp's JSON, with the PNG's hash in place of its bytes. */
export function stampKey(stamp: Omit<ImageStamp, 'key'>): string {
  const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
  const { watermark } = stamp;
  const mark =
    watermark && watermark.kind === 'image' ? { ...watermark, png: sha(watermark.png) } : watermark;
  return sha(JSON.stringify({ ...stamp, watermark: mark }));
}

/** What one image's files carry, with its key. `photo` null: a site image (logo, headshot). */
export function stampFor(
  s: RightsSettings,
  site: { name: string; publicUrl: string; year: number },
  photo: {
    title: string;
    dateTaken: string | null;
    copyrightNotice: string | null;
    watermarkOff: boolean;
  } | null,
): ImageStamp {
  const year = (photo && yearOf(photo.dateTaken)) ?? site.year;
  const creator = s.creator || site.name;
  const rights: FileRights = {
    creator,
    copyrightNotice: photo?.copyrightNotice || s.copyrightNotice || defaultNotice(creator, year),
    // a credit line left empty credits her (what a publisher prints beside the picture)
    creditLine: s.creditLine || creator,
    rightsUrl: absoluteUrl(site.publicUrl, s.rightsUrl),
    dataMining: s.dataMining,
    title: photo ? photo.title : null,
  };
  const watermark = photo && !photo.watermarkOff ? watermarkOf(s, site.name) : null;
  // without a mark the width it starts from says nothing: 0, so changing it then remakes nothing
  const stamp = { rights, watermark, watermarkFromWidth: watermark ? s.watermark.fromWidth : 0 };
  return { ...stamp, key: stampKey(stamp) };
}

/**
 * Whether a change of the settings alters what files carry: a photo's stamp (which holds all a
 * site image's too) differs. The TDM and robots parts, or the mark's details while it is off, do not.
 */
export function changesFiles(before: RightsSettings, after: RightsSettings): boolean {
  const site = { name: 'name', publicUrl: '', year: 2000 };
  const photo = { title: '', dateTaken: null, copyrightNotice: null, watermarkOff: false };
  return stampFor(before, site, photo).key !== stampFor(after, site, photo).key;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size from its IHDR header (no decoding), or null when the bytes are no PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
