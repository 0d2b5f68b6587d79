import { useState, type FormEvent } from 'react';
import type { ContactFormResult } from '@contract';
import type { ContactMessage } from '../../lib/api-types';
import { isApiError, OFFLINE_MESSAGE, serverMessage } from '../../lib/api-error';
import { apiFetch } from '../../lib/api-fetch';
import { RequiredTextFields, type TextFieldSpec } from '../../components/required-text-fields';
import { Button, cx } from '../../components/ui';
import { toast } from '../../components/toast/toast-context';
import { useValidatedFields } from '../../components/use-validated-fields';
import { useOnline } from '../../components/use-online';
import { defineIsland } from '../../islands/island';
import { validateContact } from './contact-validation';
import styles from './contact-page.module.css';

const EMPTY: ContactMessage = { name: '', email: '', message: '' };

const CONTACT_FIELDS: readonly TextFieldSpec<keyof ContactMessage>[] = [
  { field: 'name', name: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'email', name: 'email', type: 'email', label: 'Email', autoComplete: 'email' },
  { field: 'message', name: 'message', label: 'Message', multiline: true, minRows: 6 },
];

/**
 * The contact form, an island of the contact page. `posted`: the server's answer when the form was
 * posted without JavaScript (<form method="post">), in the page it rendered with it.
 */
export default function ContactForm({ posted }: { posted: ContactFormResult | null }) {
  const [sending, setSending] = useState(false);
  const online = useOnline();
  const returned = posted?.sent === false ? posted : null;
  const [values, setValues] = useState<ContactMessage>(returned?.values ?? EMPTY);
  const [showPosted, setShowPosted] = useState(true);
  const {
    setErrors,
    validateAll,
    reset: resetChecks,
    fieldProps,
  } = useValidatedFields({
    idPrefix: 'contact',
    fields: CONTACT_FIELDS,
    values,
    onValuesChange: setValues,
    validate: validateContact,
    initialErrors: returned?.errors,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowPosted(false);
    if (!validateAll()) return;
    setSending(true);
    try {
      await apiFetch('/contact', {
        method: 'POST',
        body: { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() },
      });
      toast({
        title: 'Message Sent!',
        description: "Thank you for your message. We'll get back to you soon.",
      });
      setValues(EMPTY);
      resetChecks();
    } catch (err) {
      if (isApiError(err) && err.errors) setErrors((current) => ({ ...current, ...err.errors }));
      toast({
        title: 'Error Sending Message',
        description:
          serverMessage(err) ??
          (isApiError(err) && typeof err.status === 'number'
            ? 'Failed to send message'
            : 'Please try again later'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  // Without JavaScript the browser posts the form to this page's address, and the server answers
  // this page with the result (src/modules/contact/contact.routes.ts).
  return (
    <form
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact form"
      className={styles.form}
    >
      {showPosted && posted?.sent && (
        <div role="status" className={styles.posted}>
          <p className={styles.postedTitle}>Message Sent!</p>
          <p className="t-body2">Thank you for your message. We&apos;ll get back to you soon.</p>
        </div>
      )}
      {showPosted && returned?.message && (
        <p role="alert" className={cx('t-body2', styles.formError)}>
          {returned.message}
        </p>
      )}
      <RequiredTextFields {...fieldProps} disabled={sending} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending || !online}
        aria-describedby={online ? undefined : 'contact-offline'}
        className={styles.submit}
      >
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
      {!online && (
        <p id="contact-offline" className={cx('t-body2 t-muted', styles.offline)}>
          {OFFLINE_MESSAGE}
        </p>
      )}
    </form>
  );
}

export const ContactFormIsland = defineIsland('contact-form', ContactForm);
