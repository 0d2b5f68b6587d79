import type { UsStateCode } from '@contract';

/** The visitor's details on the first checkout step; the address in parts, as the server takes it. */
export type CheckoutDetails = {
  customerName: string;
  customerEmail: string;
  addressLine1: string;
  /** Optional. */
  addressLine2: string;
  addressCity: string;
  /** A code of US_STATES, or '' before one is chosen. */
  addressState: string;
  addressZip: string;
  /** Optional, for the carrier ('' when not given). */
  phone: string;
  /** Who the cart's licences are for (issue 46): asked only when the cart holds a licence. */
  licenseeKind: 'person' | 'organisation';
  licenseeName: string;
};

/**
 * What the cart asks of the buyer: the shipping address when it holds a print; only the state and
 * ZIP for sales tax when it holds licences only and the shop collects tax; the licensee when it
 * holds a licence.
 */
export type CheckoutNeeds = { ships: boolean; taxPlace: boolean; licensee: boolean };
export const PRINTS_ONLY: CheckoutNeeds = { ships: true, taxPlace: false, licensee: false };

export const LICENSEE_MESSAGE = 'Enter who the licence is for: your name or your organisation';

export type CheckoutErrors = Partial<Record<keyof CheckoutDetails, string>>;

/** What the form takes for an e-mail address (the server checks it again). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const MARKUP = /[<>]/;
const PHONE = /^\+?[\d\s().-]+$/;

/** The server accepts names up to 100 characters. */
export const NAME_MAX = 100;
/** The server's limits of the address lines and the city. */
export const ADDRESS_LINE_MAX = 100;
export const CITY_MAX = 60;

/**
 * The states, DC and territories we ship to, as the server's list (src/contract/us-states.ts)
 * has them: the type makes this name every code of it, and nothing else.
 */
// prettier-ignore
export const US_STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
  SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
  VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico', GU: 'Guam', VI: 'U.S. Virgin Islands', AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
} as const satisfies Record<UsStateCode, string>;

export const isStateCode = (s: string): s is UsStateCode => Object.hasOwn(US_STATES, s);

const COMPLETE = 'Please enter your complete shipping address';
/** What each other missing part says: every missing part is flagged on the first submit. */
const MISSING: Record<'addressLine1' | 'addressCity' | 'addressState' | 'addressZip', string> = {
  addressLine1: 'Please enter your street address',
  addressCity: 'Please enter your city',
  addressState: 'Please choose your state',
  addressZip: 'Please enter your ZIP code',
};

/**
 * The checkout form's client rules, word for word as the server's. The spec's sentence for an
 * incomplete address shows once, at the first part missing; every other missing part is flagged
 * at the same time with a sentence of its own (not the spec's again under every empty field).
 */
export function validateCheckoutDetails(
  values: CheckoutDetails,
  needs: CheckoutNeeds = PRINTS_ONLY,
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (values.customerName.trim().length < 3) errors.customerName = 'Name must be at least 3 characters';
  if (!EMAIL.test(values.customerEmail.trim())) errors.customerEmail = 'Please enter a valid email address';
  if (needs.licensee) {
    const name = values.licenseeName.trim();
    if (!name) errors.licenseeName = LICENSEE_MESSAGE;
    else if (name.length > 200) errors.licenseeName = 'The licensee can be at most 200 characters';
  }
  if (!needs.ships) {
    // licences only: the state and ZIP for sales tax, when the shop collects it
    if (needs.taxPlace) {
      if (!isStateCode(values.addressState)) errors.addressState = 'Please choose a US state or territory';
      if (!ZIP.test(values.addressZip.trim()))
        errors.addressZip = 'Please enter a valid ZIP code (5 digits, or ZIP+4)';
    }
    return errors;
  }
  const required = ['addressLine1', 'addressCity', 'addressState', 'addressZip'] as const;
  const missing = required.filter((field) => !values[field].trim());
  missing.forEach((field, i) => (errors[field] = i === 0 ? COMPLETE : MISSING[field]));
  for (const field of ['addressLine1', 'addressLine2', 'addressCity'] as const) {
    const value = values[field].trim();
    if (MARKUP.test(value)) errors[field] ??= 'The address must not contain line breaks, < or >';
    else if (field === 'addressCity' && value.length > CITY_MAX)
      errors[field] ??= 'The city must be at most 60 characters';
    else if (value.length > ADDRESS_LINE_MAX)
      errors[field] ??= 'Each address line must be at most 100 characters';
  }
  if (values.addressState && !isStateCode(values.addressState))
    errors.addressState ??= 'Please choose a US state or territory';
  if (values.addressZip.trim() && !ZIP.test(values.addressZip.trim()))
    errors.addressZip ??= 'Please enter a valid ZIP code (5 digits, or ZIP+4)';
  const phone = values.phone.trim();
  const digits = phone.replace(/\D/g, '').length;
  if (phone && (phone.length > 40 || !PHONE.test(phone) || digits < 7 || digits > 20))
    errors.phone =
      'Please enter a phone number of 7 to 20 digits (spaces, dashes, dots, + and brackets are fine)';
  return errors;
}

/** The address as the order keeps it ("line1\nline2\nCity, ST 12345"), as the server composes it. */
export function composedAddress(values: CheckoutDetails): string {
  const locality = `${values.addressCity.trim()}, ${values.addressState} ${values.addressZip.trim()}`;
  return [values.addressLine1.trim(), values.addressLine2.trim(), locality].filter(Boolean).join('\n');
}
