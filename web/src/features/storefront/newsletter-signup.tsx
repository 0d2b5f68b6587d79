import { useId, useState, type FormEvent } from 'react';
import { isOfflineError, OFFLINE_MESSAGE, serverMessage, isApiError } from '../../lib/api-error';
import { apiFetch } from '../../lib/api-fetch';
import { defineIsland } from '../../islands/island';
import styles from './newsletter-signup.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The footer's newsletter sign-up, an island on every page. Without JavaScript the browser posts
 * the form to /newsletter/subscribe, which answers a page of its own (newsletter-pages.routes.ts);
 * with it, the same answer shows here. The answer is the same whatever the address's state.
 */
export default function NewsletterSignup() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError('Please enter a valid email address');
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await apiFetch<{ message: string }>('/newsletter/subscribe', {
        method: 'POST',
        body: { email: email.trim(), source: 'footer' },
      });
      setDone(answer.message);
      setEmail('');
    } catch (err) {
      setError(
        isOfflineError(err)
          ? OFFLINE_MESSAGE
          : (isApiError(err) && typeof err.status === 'number' && err.status < 500 && serverMessage(err)) ||
              'You could not be signed up right now. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      method="post"
      action="/newsletter/subscribe"
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter sign-up"
      className={styles.form}
    >
      <label htmlFor={`${id}-email`} className={styles.label}>
        E-mail me when there is new work
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          maxLength={254}
          className={styles.input}
        />
        <button type="submit" disabled={sending} className={styles.button}>
          {sending ? 'Signing up...' : 'Sign up'}
        </button>
      </div>
      <p id={`${id}-note`} className={styles.note} role={error || done ? 'status' : undefined}>
        {error ?? done ?? 'Only new work, only with your confirmation. Unsubscribe at any time.'}
      </p>
    </form>
  );
}

export const NewsletterSignupIsland = defineIsland('newsletter-signup', NewsletterSignup);
