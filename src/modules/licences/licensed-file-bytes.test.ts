import { describe, expect, it } from 'vitest';
import { bodyOffsetIn, contentDisposition, copyPlan, parseRange } from './licensed-file-bytes';

describe('a buyer copy cut to a range', () => {
  const prefix = Buffer.from('0123456789');
  const head = Buffer.from('HEADHEADHEAD');
  const rest = Buffer.from('abcdefghijklmnopqrstuvwxyz');
  const whole = Buffer.concat([prefix, head, rest]);
  const stored = Buffer.concat([prefix, rest]);
  const cut = (start: number, end: number) => {
    const { lead, rest: r } = copyPlan({ start, end }, prefix, head);
    return Buffer.concat([lead, r ? stored.subarray(r.start, r.end + 1) : Buffer.alloc(0)]);
  };

  it('is the same bytes as the whole copy for every range', () => {
    for (let s = 0; s < whole.length; s++)
      for (let e = s; e < whole.length; e++) expect(cut(s, e), `${s}-${e}`).toEqual(whole.subarray(s, e + 1));
  });

  it('reads Range headers as RFC 9110 says', () => {
    expect(parseRange(undefined, 100)).toBe('whole');
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-9', 100)).toBe('whole');
    expect(parseRange('items=0-1', 100)).toBe('whole');
    expect(parseRange('bytes=9-2', 100)).toBe('whole');
  });
});

it('names the file readably, with an ASCII fallback', () => {
  expect(contentDisposition('Zoë "heron" – editorial.jpg')).toBe(
    `attachment; filename="Zoe-heron-editorial.jpg"; filename*=UTF-8''Zo%C3%AB%20%22heron%22%20%E2%80%93%20editorial.jpg`,
  );
});

it('puts the rights after SOI and a leading JFIF, and refuses a file with its own APP1', () => {
  const seg = (marker: number, body = 4) => Buffer.from([0xff, marker, 0, body + 2, ...Buffer.alloc(body)]);
  const soi = Buffer.from([0xff, 0xd8]);
  const sos = Buffer.from([0xff, 0xda, 0, 2]);
  expect(bodyOffsetIn(Buffer.concat([soi, seg(0xe0), seg(0xe2), sos]))).toBe(2 + 8);
  expect(bodyOffsetIn(Buffer.concat([soi, seg(0xe2), sos]))).toBe(2);
  expect(() => bodyOffsetIn(Buffer.concat([soi, seg(0xe0), seg(0xe1), sos]))).toThrow(/APP1/);
  expect(() => bodyOffsetIn(Buffer.concat([soi, seg(0xed), sos]))).toThrow(/APP13/);
});
