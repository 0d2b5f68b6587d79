import type { ContactMessage } from '../../lib/api-types';

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact form's client rules, word for word. */
export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (values.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (values.message.trim().length < 10) errors.message = 'Message must be at least 10 characters';
  return errors;
}
