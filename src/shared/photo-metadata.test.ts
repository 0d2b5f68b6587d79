import { describe, expect, it } from 'vitest';
import { cameraDetailsFrom, cameraSummary, exifDate, nearestAspectRatio } from './photo-metadata';

describe('nearestAspectRatio', () => {
  it('picks the spec ratio a camera file is close to', () => {
    expect(nearestAspectRatio(4000, 2667)).toBe('3:2');
    expect(nearestAspectRatio(6000, 4000)).toBe('3:2');
    expect(nearestAspectRatio(2667, 4000)).toBe('2:3');
    expect(nearestAspectRatio(3000, 3000)).toBe('1:1');
    expect(nearestAspectRatio(1920, 1080)).toBe('16:9');
    expect(nearestAspectRatio(4032, 3024)).toBe('4:3');
  });

  it('gives the exact reduced ratio when none is close, within 7 characters', () => {
    expect(nearestAspectRatio(3024, 4032)).toBe('3:4');
    expect(nearestAspectRatio(5000, 4000)).toBe('5:4');
    expect(nearestAspectRatio(6500, 2400)).toBe('65:24');
    const odd = nearestAspectRatio(6001, 2503)!;
    expect(odd.length).toBeLessThanOrEqual(7);
    const [w, h] = odd.split(':').map(Number);
    expect(Math.abs(w / h - 6001 / 2503)).toBeLessThan(0.001);
  });

  it('has no answer for a size that is not one', () => {
    expect(nearestAspectRatio(0, 100)).toBeNull();
    expect(nearestAspectRatio(Number.NaN, 100)).toBeNull();
  });
});

describe('EXIF', () => {
  it('reads the date as YYYY-MM-DD, not a blank camera clock', () => {
    expect(exifDate('2024:05:17 06:12:40')).toBe('2024-05-17');
    expect(exifDate('0000:00:00 00:00:00')).toBeNull();
    expect(exifDate(undefined)).toBeNull();
  });

  it('formats the camera details and leaves out what is missing', () => {
    const details = cameraDetailsFrom({
      Make: 'Canon',
      Model: 'Canon EOS R5\u0000',
      FocalLength: 35,
      FNumber: 8,
      ExposureTime: 0.004,
      ISO: 200,
    });
    expect(details).toEqual({
      camera: 'Canon EOS R5',
      lens: null,
      focalLength: '35 mm',
      aperture: 'f/8',
      shutter: '1/250 s',
      iso: 200,
    });
    expect(cameraSummary(details!)).toBe('Canon EOS R5 · 35 mm · f/8 · 1/250 s · ISO 200');
    expect(cameraDetailsFrom({ Make: 'FUJIFILM', Model: 'X-T5', ExposureTime: 2 })).toMatchObject({
      camera: 'FUJIFILM X-T5',
      shutter: '2 s',
    });
    expect(cameraDetailsFrom({})).toBeNull();
  });
});
