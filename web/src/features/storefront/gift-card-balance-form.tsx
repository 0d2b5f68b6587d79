import { useState, type FormEvent } from 'react';
import type { GiftCardBalance } from '@contract';
import { isApiError, isOfflineError, OFFLINE_MESSAGE, serverMessage } from '../../lib/api-error';
import { apiFetch } from '../../lib/api-fetch';
import { formatPrice } from '../../lib/format';
import { maskedCard, whenText } from '../../lib/gift-cards';
import { useSite } from '../../lib/site-context';
import { useOnline } from '../../components/use-online';
import { Button, TextField } from '../../components/ui';
import { defineIsland } from '../../islands/island';
import styles from './gift-card-page.module.css';

const CODE_MESSAGE = 'Enter a gift card code: 16 letters and digits.';
/** A code as the server reads it: dashes and spaces ignored, any case. */
const normalised = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/** What the answer says: "$35.00 left on gift card ••••7XKQ", or that it is voided or expired. */
export function balanceText(b: GiftCardBalance, timeZone: string): string {
  const card = `gift card ${maskedCard(b.last4)}`;
  if (b.status === 'voided') return `This ${card} has been voided.`;
  if (b.status === 'expired')
    return `This ${card} has expired${b.expiresAt ? ` (${whenText(b.expiresAt, timeZone)})` : ''}.`;
  const until = b.expiresAt ? `, to spend by ${whenText(b.expiresAt, timeZone)}` : '';
  return `${formatPrice(b.balance)} left on ${card}${until}`;
}

/** The balance check, an island of /gift-card/balance. */
export default function GiftCardBalanceForm() {
  const { timeZone } = useSite();
  const online = useOnline();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<GiftCardBalance | null>(null);
  const [checking, setChecking] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAnswer(null);
    if (!/^[2-9A-HJ-NP-Z]{16}$/.test(normalised(code))) {
      setError(CODE_MESSAGE);
      document.getElementById('gift-card-code')?.focus();
      return;
    }
    setError(null);
    setChecking(true);
    try {
      setAnswer(await apiFetch<GiftCardBalance>('/gift-cards/balance', { method: 'POST', body: { code } }));
    } catch (err) {
      // a 400 (unknown code) and a 429 (too many tries) say their own sentence
      setError(
        isOfflineError(err)
          ? OFFLINE_MESSAGE
          : isApiError(err) && typeof err.status === 'number' && err.status < 500 && serverMessage(err)
            ? serverMessage(err)!
            : 'The balance could not be checked right now. Please try again.',
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Check a gift card balance" className={styles.form}>
      <TextField
        id="gift-card-code"
        name="code"
        label="Gift card code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        placeholder="XXXX-XXXX-XXXX-XXXX"
        error={Boolean(error)}
        helperText={error ?? undefined}
      />
      <Button type="submit" variant="contained" size="large" disabled={checking || !online}>
        {checking ? 'Checking...' : 'Check balance'}
      </Button>
      <div aria-live="polite">
        {answer && (
          <p className={styles.result} data-status={answer.status}>
            {balanceText(answer, timeZone)}
          </p>
        )}
      </div>
    </form>
  );
}

export const GiftCardBalanceIsland = defineIsland('gift-card-balance', GiftCardBalanceForm);
