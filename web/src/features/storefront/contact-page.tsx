import { useState, type FormEvent, type ReactNode } from 'react';
import type { ContactMessage } from '../../lib/api-types';
import { isApiError, OFFLINE_MESSAGE, serverMessage } from '../../lib/api';
import { SitePageMeta } from '../../components/page-meta';
import { RequiredTextFields, type TextFieldSpec } from '../../components/required-text-fields';
import { SplitColumns } from '../../components/split-columns';
import { Button, MailOutlinedIcon, ScheduleIcon, cx } from '../../components/ui';
import { useToast } from '../../components/toast';
import { useValidatedFields } from '../../components/use-validated-fields';
import { useOnline } from '../../components/use-online';
import { useContactFormQuery, useSendContactMessageMutation } from './api';
import { validateContact } from './contact-validation';
import styles from './contact-page.module.css';

const EMPTY: ContactMessage = { name: '', email: '', message: '' };

const CONTACT_FIELDS: readonly TextFieldSpec<keyof ContactMessage>[] = [
  { field: 'name', name: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'email', name: 'email', type: 'email', label: 'Email', autoComplete: 'email' },
  { field: 'message', name: 'message', label: 'Message', multiline: true, minRows: 6 },
];

export default function ContactPage() {
  const toast = useToast();
  const [send, { isLoading: sending }] = useSendContactMessageMutation();
  const online = useOnline();
  // The server's answer when the form was posted without JavaScript (<form method="post">).
  const { data: posted } = useContactFormQuery();
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
    try {
      await send({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      }).unwrap();
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
    }
  };

  return (
    <div className={'container page'}>
      <SitePageMeta
        page="Contact"
        description="Questions about a print, a custom size or a photograph you saw here? Send a note and I will write back."
        path="/contact"
      />
      <SplitColumns fr={[5, 7]} gap={{ xs: 5, md: 8 }}>
        <div>
          <span className="t-overline t-accent">Contact</span>
          <h1 className={cx('t-page-title', styles.title)}>Get in Touch</h1>
          <p className={cx('t-lead t-muted', styles.lead)}>
            Questions about a print, a custom size or a photograph you saw here? Send a note and I will write
            back.
          </p>
          <div className={styles.infoRows}>
            <InfoRow icon={<ScheduleIcon />} title="Response time">
              I read every message and usually respond within 1-2 business days.
            </InfoRow>
            <InfoRow icon={<MailOutlinedIcon />} title="Prints and orders">
              For an order already placed, please include your order number.
            </InfoRow>
          </div>
        </div>

        {/* Without JavaScript the browser posts the form to this page's address, and the server
            answers this page with the result (src/modules/contact/contact.routes.ts). */}
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
      </SplitColumns>
    </div>
  );
}

function InfoRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={styles.infoRow}>
      <div aria-hidden className={styles.infoIcon}>
        {icon}
      </div>
      <div>
        <p className={styles.infoTitle}>{title}</p>
        <p className="t-body2 t-muted">{children}</p>
      </div>
    </div>
  );
}
