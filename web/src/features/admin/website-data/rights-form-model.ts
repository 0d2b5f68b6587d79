import type { RightsSettingsInput, RightsSettingsView } from '@contract';
import type { DataMining, WatermarkPosition } from '@shared/file-rights';

// The Rights panel's form: what it edits as text, to and from the wire.

export type WatermarkMode = 'off' | 'text' | 'image';

export type RightsForm = {
  creator: string;
  copyrightNotice: string;
  creditLine: string;
  rightsUrl: string;
  dataMining: DataMining;
  aiCrawlersBlocked: boolean;
  /** One user-agent per line. */
  agents: string;
  mode: WatermarkMode;
  text: string;
  position: WatermarkPosition;
  /** Percent of the image's width, 5-50. */
  sizePercent: number;
  /** Percent, 5-100. */
  opacityPercent: number;
  fromWidth: number;
};

/** The fields the server may name in a refusal, in the panel's order. */
export const RIGHTS_FIELDS = [
  'creator',
  'copyrightNotice',
  'creditLine',
  'rightsUrl',
  'dataMining',
  'aiCrawlerAgents',
  'watermark.kind',
  'watermark.text',
  'watermark.position',
  'watermark.widthShare',
  'watermark.opacity',
  'watermark.fromWidth',
] as const;
export type RightsField = (typeof RIGHTS_FIELDS)[number];

export const FROM_WIDTH_CHOICES = [
  { value: 0, label: 'All sizes' },
  { value: 640, label: '640 px and wider' },
  { value: 1080, label: '1080 px and wider' },
  { value: 1600, label: '1600 px and wider' },
  { value: 2400, label: '2400 px and wider' },
];

export const POSITION_LABELS: Record<WatermarkPosition, string> = {
  'top-left': 'Top left',
  top: 'Top',
  'top-right': 'Top right',
  left: 'Left',
  center: 'Center',
  right: 'Right',
  'bottom-left': 'Bottom left',
  bottom: 'Bottom',
  'bottom-right': 'Bottom right',
};

export function formOf(s: RightsSettingsView): RightsForm {
  const w = s.watermark;
  return {
    creator: s.creator,
    copyrightNotice: s.copyrightNotice ?? '',
    creditLine: s.creditLine,
    rightsUrl: s.rightsUrl,
    dataMining: s.dataMining,
    aiCrawlersBlocked: s.aiCrawlersBlocked,
    agents: s.aiCrawlerAgents.join('\n'),
    mode: w.enabled ? w.kind : 'off',
    text: w.text,
    position: w.position,
    sizePercent: Math.round(w.widthShare * 100),
    opacityPercent: Math.round(w.opacity * 100),
    fromWidth: w.fromWidth,
  };
}

/** PUT's body; 'off' keeps the kind saved before, so switching back finds it as it was. */
export function inputOf(f: RightsForm, saved: RightsSettingsView): RightsSettingsInput {
  return {
    creator: f.creator,
    copyrightNotice: f.copyrightNotice.trim() || null,
    creditLine: f.creditLine,
    rightsUrl: f.rightsUrl,
    dataMining: f.dataMining,
    aiCrawlersBlocked: f.aiCrawlersBlocked,
    aiCrawlerAgents: f.agents
      .split('\n')
      .map((a) => a.trim())
      .filter(Boolean),
    watermark: {
      enabled: f.mode !== 'off',
      kind: f.mode === 'off' ? saved.watermark.kind : f.mode,
      text: f.text,
      position: f.position,
      widthShare: f.sizePercent / 100,
      opacity: f.opacityPercent / 100,
      fromWidth: f.fromWidth,
    },
  };
}
