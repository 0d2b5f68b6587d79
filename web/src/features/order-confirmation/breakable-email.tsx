import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only before its '@' and the dots of its domain (where a reader
 * expects a break), so a long address on a phone never breaks in the middle of a word.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)] : [email];
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
