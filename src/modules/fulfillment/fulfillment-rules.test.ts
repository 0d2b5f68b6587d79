import { describe, expect, it } from 'vitest';
import { parseInches } from '../../shared/print-sizes';
import { carrierOf } from './lab-order-sync';
import { resolutionFor } from './offer-rule';
import { createLabSecrets } from './lab-secrets';

describe('print lab rules', () => {
  it('reads a size in inches as the owner wrote it', () => {
    expect(parseInches('8x10 inch')).toEqual({ widthIn: 8, heightIn: 10 });
    expect(parseInches('12 x 16')).toEqual({ widthIn: 12, heightIn: 16 });
    expect(parseInches('5×7"')).toEqual({ widthIn: 5, heightIn: 7 });
    expect(parseInches('8.5x11 in')).toEqual({ widthIn: 8.5, heightIn: 11 });
    expect(parseInches('Large')).toBeNull();
  });

  it('needs the pixels on both sides, the long side against the long side', () => {
    // 1200 x 1500 px prints 8 x 10 in at exactly 150 ppi, turned or not
    expect(resolutionFor({ width: 1200, height: 1500 }, { widthIn: 8, heightIn: 10 }, 150)).toEqual({
      ok: true,
      ppi: 150,
      needWidth: 1200,
      needHeight: 1500,
    });
    expect(resolutionFor({ width: 1500, height: 1200 }, { widthIn: 8, heightIn: 10 }, 150).ok).toBe(true);
    expect(resolutionFor({ width: 1199, height: 1500 }, { widthIn: 8, heightIn: 10 }, 150)).toMatchObject({
      ok: false,
      ppi: 149,
    });
    expect(resolutionFor({ width: 1200, height: 1500 }, { widthIn: 16, heightIn: 20 }, 200)).toMatchObject({
      ok: false,
      ppi: 75,
      needWidth: 3200,
      needHeight: 4000,
    });
  });

  it("names the lab's carrier as one of ours", () => {
    expect(carrierOf('UPS')).toBe('UPS');
    expect(carrierOf('USPS Ground Advantage')).toBe('USPS');
    expect(carrierOf('FedEx Home')).toBe('FedEx');
    expect(carrierOf('DHL eCommerce')).toBe('DHL');
    expect(carrierOf('Royal Mail')).toBe('other');
    expect(carrierOf(null)).toBe('other');
  });

  it('keeps the credentials unreadable without SESSION_SECRET, and signs file addresses that expire', () => {
    const secrets = createLabSecrets('a'.repeat(40));
    const stored = secrets.encrypt('lp_live_secret');
    expect(stored).not.toContain('lp_live_secret');
    expect(secrets.decrypt(stored)).toBe('lp_live_secret');
    expect(createLabSecrets('b'.repeat(40)).decrypt(stored)).toBeNull();
    expect(secrets.decrypt(stored.slice(0, -2) + 'xx')).toBeNull();

    const now = Date.parse('2026-11-25T00:00:00Z');
    const expires = now / 1000 + 3600;
    const sig = secrets.sign(7, expires);
    expect(secrets.verify(7, expires, sig, now)).toBe(true);
    expect(secrets.verify(8, expires, sig, now)).toBe(false);
    expect(secrets.verify(7, expires, sig, now + 3601 * 1000)).toBe(false);
    expect(secrets.verify(7, expires, sig.slice(1), now)).toBe(false);
  });
});
