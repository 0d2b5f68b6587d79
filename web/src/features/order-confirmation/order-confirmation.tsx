import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import {
  ArrowForwardIcon,
  CheckCircleOutlineOutlinedIcon,
  CloseIcon,
  IconButton,
  cx,
} from '../../components/ui';
import { EditionPrint } from '../../components/edition-print';
import { useGetOrderByTokenQuery } from '../order-status';
import { BreakableEmail } from './breakable-email';
import { NewsletterBox } from './newsletter-box';
import type { OrderConfirmation } from './confirmation-handoff';
import styles from './order-confirmation.module.css';

type Props = { confirmation: OrderConfirmation; className?: string; onDismiss: () => void };

/**
 * The confirmation on `/` after a payment (loaded lazily by OrderConfirmationSlot): the order
 * number, where the e-mail went and the link to the order page. It stays until dismissed; its
 * heading takes the focus, so a screen reader reads it on arrival.
 */
export default function OrderConfirmationCard({ confirmation, className, onDismiss }: Props) {
  const { orderId, email, orderPageToken } = confirmation;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const dismiss = () => {
    onDismiss();
    // the card and its button leave the page: the focus goes to the page's content, not to <body>
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <section
      aria-labelledby="order-confirmation-heading"
      className={cx(styles.card, className)}
      data-toast-avoid
    >
      <CheckCircleOutlineOutlinedIcon size="2rem" className={styles.icon} />
      <h2 id="order-confirmation-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        Thank you for your order
      </h2>
      <div className={styles.body}>
        <p className={styles.text}>
          Your order number is <strong>{`#${orderId}`}</strong>.
          <br />
          We e-mailed a confirmation to{' '}
          <strong className={styles.email}>
            <BreakableEmail email={email} />
          </strong>
          .
        </p>
        {orderPageToken && <ConfirmationEditions token={orderPageToken} />}
        {orderPageToken && (
          <Link to={`/orders/${orderPageToken}`} className={styles.link}>
            View your order
            <ArrowForwardIcon size="1.125rem" />
          </Link>
        )}
        <NewsletterBox email={email} />
      </div>
      <IconButton aria-label="Dismiss order confirmation" onClick={dismiss} className={styles.close}>
        <CloseIcon size="1.25rem" />
      </IconButton>
    </section>
  );
}

/** The order's edition prints with their numbers (read from the order page's answer; none: nothing). */
function ConfirmationEditions({ token }: { token: string }) {
  const { data } = useGetOrderByTokenQuery(token);
  const prints = (data?.items ?? []).flatMap((item) => {
    const edition = item.edition;
    return edition ? [{ title: item.title, edition }] : [];
  });
  if (!prints.length) return null;
  return (
    <ul className={styles.editions}>
      {prints.map(({ title, edition }) => (
        <li key={`${title}-${edition.label}`}>
          <strong>{title}</strong>
          <EditionPrint edition={edition} />
        </li>
      ))}
    </ul>
  );
}
