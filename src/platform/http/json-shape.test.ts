import { describe, expect, it } from 'vitest';
import { bodyShapeLimits, JsonShapeScanner } from './validate';

/** Scans `text` cut into pieces of `size` bytes (the network may split a body anywhere). */
function scan(text: string, size = Infinity, limits = bodyShapeLimits) {
  const scanner = new JsonShapeScanner(limits);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += Math.min(size, bytes.length))
    scanner.push(bytes.subarray(i, i + size));
  return scanner;
}

const list = (n: number, item = '1') => `[${Array(n).fill(item).join(',')}]`;
const object = (n: number, key = (i: number) => `k${i}`) =>
  `{${Array.from({ length: n }, (_, i) => `"${key(i)}":1`).join(',')}}`;

describe('the JSON shape scanner', () => {
  it('passes what our schemas take, however the bytes are split', () => {
    const bodies = [
      JSON.stringify({
        title: 'T',
        description: '<p class="a">Hi, "you"\n</p>',
        imageData: 'QUJD'.repeat(1000),
      }),
      JSON.stringify({ categoryIds: Array.from({ length: 2000 }, (_, i) => i + 1) }),
      JSON.stringify({ printOptions: { create: [{ size: '8x10', price: 12.5 }], update: [], remove: [3] } }),
      JSON.stringify({ 'weird key \\ " }': ['{', '[', ',', ':'] }),
      '  { "spaced" : [ 1 , 2 ] , "k" : { } }  ',
    ];
    for (const body of bodies)
      for (const size of [1, 2, 3, 7, 64, Infinity]) {
        const s = scan(body, size);
        expect(s.problem, `${body.slice(0, 40)} / ${size}`).toBeNull();
        expect(s.hasNul).toBe(false);
        expect(s.bytes).toBe(Buffer.byteLength(body));
      }
  });

  it('refuses each kind of oversized shape, at its limit and not before', () => {
    const L = bodyShapeLimits;
    const cases: [string, string, RegExp][] = [
      [list(L.entries), list(L.entries + 1), /more than 2000 entries/],
      [object(L.entries), object(L.entries + 1), /more than 2000 entries/],
      ['['.repeat(L.depth) + ']'.repeat(L.depth), '['.repeat(L.depth + 1), /nested more than 32 levels/],
      [list(10, list(1999)), list(11, list(1999)), /more than 20000 values/],
      [`[${'9'.repeat(L.bareLength)}]`, `[${'9'.repeat(L.bareLength + 1)}]`, /number .* longer than 64/],
      [object(1, () => 'k'.repeat(L.keyLength)), object(1, () => 'k'.repeat(L.keyLength + 1)), /field name/],
      [object(1, () => '\\n'.repeat(L.keyLength / 2)), object(1, () => '\\u0041'.repeat(17)), /field name/],
      [JSON.stringify(['"'.repeat(L.escapes)]), JSON.stringify(['\n'.repeat(L.escapes + 1)]), /escaped/],
    ];
    for (const [fits, breaks, message] of cases) {
      for (const size of [5, Infinity]) {
        expect(scan(fits, size).problem, fits.slice(0, 60)).toBeNull();
        expect(scan(breaks, size).problem, breaks.slice(0, 60)).toMatch(message);
      }
    }
    // values that are not keys may be as long as they like
    expect(scan(JSON.stringify({ k: 'v'.repeat(10_000), list: ['w'.repeat(10_000)] })).problem).toBeNull();
  });

  it('notices an escaped NUL in a value or a key, and only a real one', () => {
    for (const size of [1, 3, Infinity]) {
      expect(scan('{"a":"x\\u0000"}', size).hasNul).toBe(true);
      expect(scan('{"a\\u0000":1}', size).hasNul).toBe(true);
      expect(scan('["\\\\u0000"]', size).hasNul).toBe(false); // an escaped backslash, then text
      expect(scan('["\\u0001\\u1000"]', size).hasNul).toBe(false);
    }
  });

  it('stops at the first problem', () => {
    const s = scan(list(5000), 100);
    expect(s.problem).toMatch(/entries/);
    expect(s.bytes).toBe(list(5000).length);
  });
});
