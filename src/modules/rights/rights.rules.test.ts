import { describe, expect, it } from 'vitest';
import { rightsSettingsInputSchema } from '../../contract';
import {
  aiCrawlerSection,
  changesFiles,
  defaultNotice,
  pngSize,
  stampFor,
  tdmrepJson,
  yearOf,
  type RightsSettings,
} from './rights.rules';

const settings: RightsSettings = {
  creator: '',
  copyrightNotice: null,
  creditLine: 'Dana Whitfield Photography',
  rightsUrl: '/about',
  dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
  aiCrawlersBlocked: false,
  aiCrawlerAgents: ['GPTBot', 'CCBot'],
  watermark: {
    enabled: true,
    kind: 'text',
    text: '',
    png: null,
    position: 'bottom-right',
    widthShare: 0.2,
    opacity: 0.6,
    fromWidth: 1080,
  },
  updatedAt: new Date(0),
};
const site = { name: 'Dana Whitfield', publicUrl: 'https://shop.example', year: 2026 };
const photo = { title: 'Heron', dateTaken: 'Spring 2019', copyrightNotice: null, watermarkOff: false };

describe('rights rules', () => {
  it('reads the year of a free-text date taken', () => {
    expect(yearOf('2025-08-30')).toBe(2025);
    expect(yearOf('Spring 2019')).toBe(2019);
    expect(yearOf('sometime')).toBeNull();
    expect(yearOf('12345')).toBeNull();
  });

  it("stamps a photo with its title, the year taken's default notice and her name as the mark", () => {
    const s = stampFor(settings, site, photo);
    expect(s.rights).toEqual({
      creator: 'Dana Whitfield',
      copyrightNotice: defaultNotice('Dana Whitfield', 2019),
      creditLine: 'Dana Whitfield Photography',
      rightsUrl: 'https://shop.example/about',
      dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
      title: 'Heron',
    });
    expect(s.rights.copyrightNotice).toBe('© 2019 Dana Whitfield, all rights reserved');
    expect(s.watermark).toMatchObject({ kind: 'text', text: 'Dana Whitfield' });
    expect(s.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('credits and names her creator when the notice and credit line are left empty', () => {
    const s = stampFor(
      { ...settings, creator: 'Dana W.', creditLine: '', copyrightNotice: null },
      site,
      photo,
    );
    expect(s.rights).toMatchObject({
      creator: 'Dana W.',
      creditLine: 'Dana W.',
      copyrightNotice: '© 2019 Dana W., all rights reserved',
    });
  });

  it('changes the key with anything written, and keeps it otherwise', () => {
    const a = stampFor(settings, site, photo);
    expect(stampFor(settings, site, photo).key).toBe(a.key);
    expect(stampFor(settings, site, { ...photo, copyrightNotice: '© Mine' }).key).not.toBe(a.key);
    expect(stampFor(settings, site, { ...photo, watermarkOff: true }).watermark).toBeNull();
    const png = {
      ...settings,
      watermark: { ...settings.watermark, kind: 'image' as const, png: Buffer.from('x') },
    };
    const png2 = { ...png, watermark: { ...png.watermark, png: Buffer.from('y') } };
    expect(stampFor(png, site, photo).key).not.toBe(stampFor(png2, site, photo).key);
  });

  it('sees a change files carry, and none in the robots list or a mark that is off', () => {
    const off = { ...settings, watermark: { ...settings.watermark, enabled: false } };
    expect(changesFiles(settings, { ...settings, creditLine: 'Other' })).toBe(true);
    expect(changesFiles(settings, { ...settings, watermark: { ...settings.watermark, opacity: 1 } })).toBe(
      true,
    );
    expect(changesFiles(settings, off)).toBe(true);
    expect(changesFiles(settings, { ...settings, aiCrawlersBlocked: true, aiCrawlerAgents: ['X'] })).toBe(
      false,
    );
    const offChanged = { ...off, watermark: { ...off.watermark, fromWidth: 0, png: Buffer.from('p') } };
    expect(changesFiles(off, offChanged)).toBe(false);
  });

  it('gives a site image the site rights without title or mark', () => {
    const s = stampFor({ ...settings, copyrightNotice: '© Dana' }, site, null);
    expect(s.rights.title).toBeNull();
    expect(s.rights.copyrightNotice).toBe('© Dana');
    expect(s.watermark).toBeNull();
  });

  it('reserves mining unless allowed or unspecified, and lists the crawlers only when on', () => {
    expect(tdmrepJson(settings, 'https://x/about')[0]['tdm-reservation']).toBe(1);
    expect(tdmrepJson({ dataMining: 'DMI-ALLOWED' }, 'https://x/about')).toEqual([
      { location: '/*', 'tdm-reservation': 0 },
    ]);
    expect(aiCrawlerSection(settings)).toEqual([]);
    expect(aiCrawlerSection({ ...settings, aiCrawlersBlocked: true })).toContain('User-agent: CCBot');
  });

  it('reads a PNG size from its header', () => {
    const head = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head);
    head.write('IHDR', 12, 'latin1');
    head.writeUInt32BE(20000, 16);
    head.writeUInt32BE(10000, 20);
    expect(pngSize(head)).toEqual({ width: 20000, height: 10000 });
    expect(pngSize(Buffer.from('GIF89a-not-a-png-at-all!'))).toBeNull();
  });

  it('accepts a site path or http(s) address as the rights page', () => {
    const base = {
      creator: '',
      copyrightNotice: null,
      creditLine: '',
      dataMining: 'DMI-PROHIBITED',
      aiCrawlersBlocked: false,
      aiCrawlerAgents: [],
      watermark: { ...settings.watermark, png: undefined },
    };
    for (const ok of ['/about', '/rights?x=1', 'https://dana.example/license'])
      expect(rightsSettingsInputSchema.safeParse({ ...base, rightsUrl: ok }).success, ok).toBe(true);
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'about', 'ftp://x'])
      expect(rightsSettingsInputSchema.safeParse({ ...base, rightsUrl: bad }).success, bad).toBe(false);
  });
});
