import { describe, expect, it } from 'vitest';
import { LabError } from './lab-provider';
import { labErrorMessage, labErrorWords } from './lab-errors';
import { lumaprintsLab } from './lumaprints/lumaprints.lab';
import { prodigiLab } from './prodigi/prodigi.lab';

const refused = (status: number | null, text: string) => new LabError('refused', text, status);

describe("a lab's answer in the owner's words", () => {
  it('says what the status means, the lab’s own text beside', () => {
    expect(labErrorWords(lumaprintsLab, refused(401, 'Unauthorized'))).toEqual({
      words: 'Lumaprints did not accept the API key and secret.',
      labText: 'Unauthorized',
    });
    expect(labErrorMessage(lumaprintsLab, labErrorWords(lumaprintsLab, refused(401, 'Unauthorized')))).toBe(
      'Lumaprints did not accept the API key and secret. (Lumaprints said: "Unauthorized")',
    );
    // a lab without a secret asks for the key alone
    expect(labErrorWords(prodigiLab, refused(403, 'Forbidden')).words).toBe(
      'Prodigi did not accept the API key.',
    );
    expect(labErrorWords(lumaprintsLab, refused(404, 'Store not found')).words).toMatch(/could not find/);
    expect(labErrorWords(lumaprintsLab, refused(422, 'zipCode should not be empty')).words).toMatch(
      /something it cannot take in what was sent/,
    );
    expect(labErrorWords(lumaprintsLab, refused(406, 'The aspect ratio ...')).words).toBe(
      'Lumaprints did not accept the print file for this size.',
    );
    expect(labErrorWords(lumaprintsLab, new LabError('unavailable', 'Too Many Requests', 429)).words).toBe(
      'Lumaprints is busy (too many requests in a minute).',
    );
    expect(labErrorWords(lumaprintsLab, new LabError('unavailable', 'HTTP 503', 503)).words).toBe(
      'Lumaprints is not answering right now.',
    );
  });

  it('names what the lab refused when its answer says: the address, the file, the product', () => {
    const about = (subject: 'address' | 'file' | 'product') =>
      labErrorWords(
        prodigiLab,
        new LabError('refused', 'recipient.address.townOrCity: Required', 400, subject),
      ).words;
    expect(about('address')).toBe('Prodigi did not accept the delivery address.');
    expect(about('file')).toBe('Prodigi did not accept the print file for this size.');
    expect(about('product')).toBe(
      'Prodigi does not make the product as it was asked for (its size or options).',
    );
    expect(
      labErrorMessage(
        prodigiLab,
        labErrorWords(
          prodigiLab,
          new LabError('refused', 'recipient.address.postalOrZipCode: InvalidValue', 400, 'address'),
        ),
      ),
    ).toBe(
      'Prodigi did not accept the delivery address. (Prodigi said: "recipient.address.postalOrZipCode: InvalidValue")',
    );
    // a lab without stores is not asked for one
    expect(labErrorWords(prodigiLab, refused(404, 'EntityNotFound')).words).toBe(
      'Prodigi could not find what it was asked for (the product or order).',
    );
  });

  it('keeps a refusal of ours as it is, and a timeout as not answering', () => {
    expect(
      labErrorWords(lumaprintsLab, refused(null, 'Choose the Lumaprints store to send orders to.')),
    ).toEqual({
      words: 'Choose the Lumaprints store to send orders to.',
      labText: null,
    });
    expect(
      labErrorWords(lumaprintsLab, new LabError('unavailable', 'Lumaprints did not answer within 60 s.')),
    ).toEqual({
      words: 'Lumaprints is not answering right now.',
      labText: 'Lumaprints did not answer within 60 s.',
    });
  });
});
