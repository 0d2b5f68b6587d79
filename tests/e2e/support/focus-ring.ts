import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

type Rgb = [number, number, number];

/** WCAG 2.x relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: Rgb): number {
  const [R, G, B] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * Fails unless the focused element's focus ring has at least 3:1 contrast with what is behind it
 * (WCAG 1.4.11 and 2.4.11), measured on the screen as a user sees it: a screenshot is sampled at
 * the middle of each side of the element, in the outline, in the gap between the outline and the
 * element (a two-tone ring fills it with a second colour), and just outside the outline. A side
 * passes when the outline stands out from the background, or when the gap's colour stands out from
 * both the background and the outline (the inner tone of a two-tone ring carries the contrast where
 * the outer one blends in, as on a photo). The failure lists each side's colours.
 */
export async function expectFocusRingContrast(page: Page, label: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return {
      box: { left, top, right, bottom },
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      color: style.outlineColor,
      viewport: { width: window.innerWidth, height: window.innerHeight },
    };
  });
  expect(ring, `${label}: something has keyboard focus`).not.toBeNull();
  const { box, width, offset, viewport } = ring!;
  // An outline shows in Windows' forced colours too, where box shadows are dropped.
  expect(ring!.style, `${label}: the focus ring is an outline`).not.toBe('none');
  expect(width, `${label}: the outline is at least 2px wide`).toBeGreaterThanOrEqual(2);

  const shot = await page.screenshot({ scale: 'css', animations: 'disabled' });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number): Rgb | null => {
    if (x < 0 || y < 0 || x >= info.width || y >= info.height) return null;
    const i = (y * info.width + x) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
  // The pixel whose centre is `distance` px outside the middle of a side.
  const centreX = (box.left + box.right) / 2;
  const centreY = (box.top + box.bottom) / 2;
  const at = (side: 'top' | 'bottom' | 'left' | 'right', distance: number) => {
    const round = (v: number) => Math.round(v - 0.5);
    if (side === 'top') return pixel(round(centreX), round(box.top - distance));
    if (side === 'bottom') return pixel(round(centreX), round(box.bottom + distance));
    if (side === 'left') return pixel(round(box.left - distance), round(centreY));
    return pixel(round(box.right + distance), round(centreY));
  };

  const sides = (['top', 'bottom', 'left', 'right'] as const).flatMap((side) => {
    const outline = at(side, offset + width / 2);
    const gap = at(side, Math.max(offset, 0) / 2);
    const background = at(side, offset + width + 3);
    if (!outline || !gap || !background) return []; // off screen
    const outer = contrast(outline, background);
    const inner = offset >= 2 ? Math.min(contrast(gap, background), contrast(gap, outline)) : 1;
    return [
      {
        side,
        ratio: Math.max(outer, inner),
        report: `${side}: outline ${hex(outline)}, gap ${hex(gap)}, background ${hex(background)} → ${Math.max(outer, inner).toFixed(2)}:1`,
      },
    ];
  });
  expect(
    sides.length,
    `${label}: the ring is on screen (${viewport.width}x${viewport.height})`,
  ).toBeGreaterThan(0);
  const worst = Math.min(...sides.map((s) => s.ratio));
  expect(
    worst,
    `${label}: focus ring contrast (outline ${ring!.color})\n${sides.map((s) => s.report).join('\n')}`,
  ).toBeGreaterThanOrEqual(3);
}
