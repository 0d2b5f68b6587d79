import { useState } from 'react';
import { serverMessage } from '../../lib/api-error';
import { apiFetch } from '../../lib/api-fetch';
import styles from './order-confirmation.module.css';

/**
 * After a purchase, the newsletter offered with an unticked box: ticking it is the buyer's own
 * choice and signs up the order's address (double opt-in: a confirmation e-mail follows).
 */
export function NewsletterBox({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const onChange = async (checked: boolean) => {
    if (!checked || state !== 'idle') return;
    setState('sending');
    try {
      const answer = await apiFetch<{ message: string }>('/newsletter/subscribe', {
        method: 'POST',
        body: { email, source: 'order' },
      });
      setMessage(answer.message);
      setState('done');
    } catch (err) {
      setMessage(serverMessage(err) ?? 'You could not be signed up right now. Please try again.');
      setState('idle');
    }
  };
  return (
    <div className={styles.newsletter}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={state !== 'idle'}
          disabled={state !== 'idle'}
          onChange={(e) => void onChange(e.target.checked)}
        />
        E-mail me when there is new work
      </label>
      {message && (
        <p role="status" className={styles.newsletterNote}>
          {message}
        </p>
      )}
    </div>
  );
}
