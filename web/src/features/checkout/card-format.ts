/** Light formatting for the test provider's card fields: digits only, grouped as people type them. */

/** '4242424242424242' -> '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' -> '12/34', '123' -> '12/3': the slash appears once the year starts, so backspace never sticks. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Three or four digits. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

export type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>;

/** Only the shape of the fields: whether the card is accepted is the provider's answer. */
export function validateCard(values: { cardNumber: string; expiry: string; cvc: string }): CardErrors {
  const errors: CardErrors = {};
  const digits = values.cardNumber.replace(/\D/g, '');
  if (digits.length < 12) errors.cardNumber = 'Please enter your card number';
  const expiry = /^(\d{2})\/(\d{2})$/.exec(values.expiry.trim());
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
    errors.expiry = 'Please enter the expiry date as MM/YY';
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'Please enter the 3 or 4 digit CVC';
  return errors;
}
