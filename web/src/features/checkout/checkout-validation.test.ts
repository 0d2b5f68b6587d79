import { describe, expect, it } from 'vitest';
import { composedAddress, validateCheckoutDetails, type CheckoutDetails } from './checkout-validation';

const complete: CheckoutDetails = {
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  addressLine1: '12 Refuge Road',
  addressLine2: '',
  addressCity: 'Washington',
  addressState: 'DC',
  addressZip: '20001',
  phone: '',
  licenseeKind: 'person',
  licenseeName: '',
};

describe('checkout details validation', () => {
  it('accepts complete details, the second line optional, a ZIP+4', () => {
    expect(validateCheckoutDetails(complete)).toEqual({});
    expect(validateCheckoutDetails({ ...complete, addressLine2: 'Apt 2', addressZip: '20001-1234' })).toEqual(
      {},
    );
  });

  it('takes a phone for the carrier or none; one that is not a phone number is refused as the server does', () => {
    for (const phone of ['', '(202) 555-0142', '+1 202.555.0142'])
      expect(validateCheckoutDetails({ ...complete, phone })).toEqual({});
    for (const phone of ['call me', '555-01', '1'.repeat(21)])
      expect(validateCheckoutDetails({ ...complete, phone })).toEqual({
        phone:
          'Please enter a phone number of 7 to 20 digits (spaces, dashes, dots, + and brackets are fine)',
      });
  });

  it('uses the spec texts for short names, bad e-mails and incomplete addresses, flagging every missing part', () => {
    expect(
      validateCheckoutDetails({
        ...complete,
        customerName: ' Al ',
        customerEmail: 'ada@',
        addressCity: ' ',
        addressZip: '',
      }),
    ).toEqual({
      customerName: 'Name must be at least 3 characters',
      customerEmail: 'Please enter a valid email address',
      addressCity: 'Please enter your complete shipping address',
      addressZip: 'Please enter your ZIP code',
    });
  });

  it('refuses a bad ZIP, an unknown state and markup as the server does', () => {
    expect(
      validateCheckoutDetails({ ...complete, addressZip: '2000', addressState: 'ZZ', addressLine2: '<b>' }),
    ).toEqual({
      addressZip: 'Please enter a valid ZIP code (5 digits, or ZIP+4)',
      addressState: 'Please choose a US state or territory',
      addressLine2: 'The address must not contain line breaks, < or >',
    });
  });

  it('composes the address as the order keeps it', () => {
    expect(composedAddress({ ...complete, addressLine2: 'Apt 2' })).toBe(
      '12 Refuge Road\nApt 2\nWashington, DC 20001',
    );
  });
});

describe('a cart of licences (issue 46)', () => {
  const noAddress = { ...complete, addressLine1: '', addressCity: '', addressState: '', addressZip: '' };
  it('asks no address for licences only, and the licensee', () => {
    const needs = { ships: false, taxPlace: false, licensee: true };
    expect(validateCheckoutDetails(noAddress, needs)).toEqual({
      licenseeName: 'Enter who the licence is for: your name or your organisation',
    });
    expect(validateCheckoutDetails({ ...noAddress, licenseeName: 'Ada Lovelace' }, needs)).toEqual({});
  });
  it('asks the state and ZIP when the shop collects tax', () => {
    const needs = { ships: false, taxPlace: true, licensee: true };
    expect(validateCheckoutDetails({ ...noAddress, licenseeName: 'Refuge' }, needs)).toEqual({
      addressState: 'Please choose a US state or territory',
      addressZip: 'Please enter a valid ZIP code (5 digits, or ZIP+4)',
    });
  });
  it('still asks the whole address with a print beside the licence', () => {
    const errors = validateCheckoutDetails(
      { ...noAddress, licenseeName: 'Ada' },
      { ships: true, taxPlace: false, licensee: true },
    );
    expect(errors.addressLine1).toBe('Please enter your complete shipping address');
  });
});
