/** The visitor's details on the first checkout step. */
export type CheckoutDetails = { customerName: string; customerEmail: string; shippingAddress: string };

export type CheckoutErrors = Partial<Record<keyof CheckoutDetails, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server accepts names up to 100 characters. */
export const NAME_MAX = 100;

/** The checkout form's client rules, word for word. */
export function validateCheckoutDetails(values: CheckoutDetails): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (values.customerName.trim().length < 3) errors.customerName = 'Name must be at least 3 characters';
  if (!EMAIL.test(values.customerEmail.trim())) errors.customerEmail = 'Please enter a valid email address';
  if (values.shippingAddress.trim().length < 10)
    errors.shippingAddress = 'Please enter your complete shipping address';
  return errors;
}
