import { describe, expect, it } from 'vitest';
import { labProductMismatch, paperKinds } from './lab-product-match';

describe('labProductMismatch', () => {
  const lustre = { size: '12x18', format: 'Lustre Paper' };
  it('names another paper or size, either way round being the same size', () => {
    expect(
      labProductMismatch(lustre, { productName: 'Lustre photo paper', widthIn: 18, heightIn: 12 }),
    ).toBeNull();
    expect(
      labProductMismatch(lustre, { productName: 'Archival Matte Fine Art Paper', widthIn: 12, heightIn: 18 }),
    ).toBe(
      'Not the same paper: buyers order 12x18 Lustre Paper, the lab makes Archival Matte Fine Art Paper at 12 x 18 in.',
    );
    expect(labProductMismatch(lustre, { productName: 'Luster Paper', widthIn: 12, heightIn: 16 })).toMatch(
      /^Not the same size:/,
    );
  });
  it('says nothing when either names no known paper, or the size is not in inches', () => {
    expect(
      labProductMismatch(
        { size: '12x18', format: 'Fine Art' },
        { productName: 'Hahnemühle Photo Rag', widthIn: 12, heightIn: 18 },
      ),
    ).toBeNull();
    expect(
      labProductMismatch(
        { size: '30x40 cm', format: 'Photo Rag' },
        { productName: 'Hahnemühle Photo Rag', widthIn: 12, heightIn: 16 },
      ),
    ).toBeNull();
    expect(paperKinds('Metallic Paper')).toEqual(['metallic']);
    expect(paperKinds('Matte Canvas')).toEqual(['matte', 'canvas']);
  });
});
