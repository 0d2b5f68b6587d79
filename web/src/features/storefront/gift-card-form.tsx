import { useState, type FormEvent } from 'react';
import type { GiftCardOffer } from '@contract';
import { isApiError, OFFLINE_MESSAGE, serverMessage } from '../../lib/api-error';
import { formatPrice } from '../../lib/format';
import { localNow, zoneLabel } from '../../lib/gift-cards';
import { useSite } from '../../lib/site-context';
import { ClosedShopNotice } from '../../components/closed-shop-notice';
import { ResponsiveImage } from '../../components/responsive-image';
import { toast } from '../../components/toast/toast-context';
import { useOnline } from '../../components/use-online';
import { Button, CheckCircleIcon, ShoppingBagOutlinedIcon, TextField, cx } from '../../components/ui';
import { defineIsland } from '../../islands/island';
import { addCartGiftCard, CART_TOASTS, cartErrorToast, openCart } from '../cart';
import {
  chosenAmount,
  FIELD_ORDER,
  MESSAGE_MAX,
  validateGiftCard,
  type GiftCardErrors,
  type GiftCardValues,
} from './gift-card-validation';
import styles from './gift-card-page.module.css';

const ID = 'gift-card';
const fieldId = (field: string) => `${ID}-${field}`;

/**
 * The "Gift card" form, an island of the gift card page (issue 47): an amount, a picture, whom it is
 * for and when it is sent, then 'Add to Cart' as a print's is (the cart panel opens). Errors are
 * shown by their field, the server's (a 400) too.
 */
export default function GiftCardForm({ offer }: { offer: GiftCardOffer }) {
  const { takingOrders } = useSite();
  const online = useOnline();
  const [values, setValues] = useState<GiftCardValues>(() => ({
    amountChoice: String(offer.amounts[1] ?? offer.amounts[0] ?? 'other'),
    otherAmount: '',
    photoId: offer.photos[0] ? String(offer.photos[0].id) : '',
    recipientName: '',
    recipientEmail: '',
    senderName: '',
    message: '',
    when: 'now',
    sendAt: '',
  }));
  const [errors, setErrors] = useState<GiftCardErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const zone = zoneLabel(offer.timeZone);

  const change = (patch: Partial<GiftCardValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (attempted) setErrors(validateGiftCard(next, localNow(offer.timeZone)));
  };
  const text = (field: keyof GiftCardValues) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => change({ [field]: e.target.value }),
    error: Boolean(errors[field as keyof GiftCardErrors]),
    helperText: errors[field as keyof GiftCardErrors],
  });
  const focusFirst = (found: GiftCardErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]) ?? (found.senderName ? 'senderName' : undefined);
    // an amount typed in 'Other amount' is fixed there
    const target = first === 'amount' && values.amountChoice === 'other' ? 'otherAmount' : first;
    if (target) document.getElementById(fieldId(target))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    setFailure(null);
    const found = validateGiftCard(values, localNow(offer.timeZone));
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setAdding(true);
    try {
      await addCartGiftCard({
        amount: chosenAmount(values)!,
        photoId: Number(values.photoId),
        recipientName: values.recipientName.trim(),
        recipientEmail: values.recipientEmail.trim(),
        ...(values.senderName.trim() ? { senderName: values.senderName.trim() } : {}),
        message: values.message,
        sendAt: values.when === 'date' ? values.sendAt : null,
      });
      toast({
        title: 'Added to cart',
        description: 'The gift card has been added to your cart.',
        scope: CART_TOASTS,
      });
      // the next card is for someone else: the amount, picture and sender stay
      setValues((v) => ({ ...v, recipientName: '', recipientEmail: '', message: '' }));
      setAttempted(false);
      openCart();
    } catch (err) {
      const byField = isApiError(err) && err.status === 400 ? (err.errors ?? {}) : {};
      const mine: GiftCardErrors = {};
      for (const [key, message] of Object.entries(byField))
        if (key === 'amount' || key === 'photoId' || key === 'senderName' || key in values)
          mine[key as keyof GiftCardErrors] = message;
      if (Object.keys(mine).length) {
        setErrors(mine);
        focusFirst(mine);
      } else if (
        isApiError(err) &&
        typeof err.status === 'number' &&
        err.status < 500 &&
        serverMessage(err)
      ) {
        setFailure(serverMessage(err)!);
      } else toast(cartErrorToast(err, 'Failed to add the gift card to your cart. Please try again.'));
    } finally {
      setAdding(false);
    }
  };

  const amount = chosenAmount(values);
  const photo = offer.photos.find((p) => String(p.id) === values.photoId);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Gift card" className={styles.form}>
      <div className={styles.preview} aria-hidden>
        <ResponsiveImage photo={photo ?? null} alt="" ratio={3 / 2} sizes="(min-width: 900px) 420px, 100vw" />
        <span className={styles.previewAmount}>{amount === null ? 'Gift card' : formatPrice(amount)}</span>
      </div>

      <fieldset
        className={styles.group}
        aria-describedby={errors.amount ? fieldId('amount-error') : undefined}
      >
        <legend className={styles.legend}>Amount</legend>
        <div className={styles.amounts}>
          {[...offer.amounts.map(String), 'other'].map((choice) => (
            <label
              key={choice}
              className={cx(styles.choice, values.amountChoice === choice && styles.chosen)}
            >
              <input
                type="radio"
                name="amount"
                value={choice}
                id={choice === values.amountChoice ? fieldId('amount') : undefined}
                checked={values.amountChoice === choice}
                onChange={() => change({ amountChoice: choice })}
              />
              {choice === 'other' ? 'Other amount' : formatPrice(Number(choice)).replace('.00', '')}
            </label>
          ))}
        </div>
        {values.amountChoice === 'other' && (
          <TextField
            {...text('otherAmount')}
            label={`Amount ($${offer.min}–$${offer.max})`}
            inputMode="decimal"
            autoComplete="off"
            className={styles.other}
            helperText={undefined}
            error={Boolean(errors.amount)}
          />
        )}
        {errors.amount && (
          <p id={fieldId('amount-error')} className={styles.error}>
            {errors.amount}
          </p>
        )}
      </fieldset>

      <fieldset
        className={styles.group}
        aria-describedby={errors.photoId ? fieldId('photo-error') : undefined}
      >
        <legend className={styles.legend}>Picture</legend>
        <div className={styles.pictures}>
          {offer.photos.map((p, i) => (
            <label
              key={p.id}
              className={cx(styles.picture, values.photoId === String(p.id) && styles.chosen)}
            >
              <input
                type="radio"
                name="photoId"
                value={p.id}
                id={i === 0 ? fieldId('photoId') : undefined}
                checked={values.photoId === String(p.id)}
                onChange={() => change({ photoId: String(p.id) })}
                className="visually-hidden"
              />
              <ResponsiveImage photo={p} alt={p.title} ratio={1} renderedWidth={120} />
              {values.photoId === String(p.id) && (
                <CheckCircleIcon size="1.25rem" className={styles.pictureCheck} />
              )}
            </label>
          ))}
        </div>
        {errors.photoId && (
          <p id={fieldId('photo-error')} className={styles.error}>
            {errors.photoId}
          </p>
        )}
      </fieldset>

      <div className={styles.fields}>
        <TextField
          {...text('recipientName')}
          label="Recipient's name"
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          {...text('recipientEmail')}
          label="Recipient's e-mail"
          type="email"
          required
          autoComplete="off"
          maxLength={254}
        />
        <TextField
          {...text('senderName')}
          label="From"
          autoComplete="name"
          maxLength={100}
          helperText={errors.senderName ?? 'Your name as the card says it (optional)'}
        />
        <TextField
          {...text('message')}
          label="Message"
          multiline
          rows={4}
          maxLength={MESSAGE_MAX}
          helperText={
            <span className={styles.counter}>
              <span>{errors.message}</span>
              <span>{`${values.message.length}/${MESSAGE_MAX}`}</span>
            </span>
          }
        />
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>When to send it</legend>
        <div className={styles.when}>
          {(
            [
              ['now', 'Now (when paid)'],
              ['date', 'On a date'],
            ] as const
          ).map(([when, label]) => (
            <label key={when} className={cx(styles.choice, values.when === when && styles.chosen)}>
              <input
                type="radio"
                name="when"
                value={when}
                checked={values.when === when}
                onChange={() => change({ when })}
              />
              {label}
            </label>
          ))}
        </div>
        {values.when === 'date' && (
          <TextField
            {...text('sendAt')}
            type="datetime-local"
            label={`Date and time (${zone})`}
            min={localNow(offer.timeZone)}
            helperText={errors.sendAt ?? `The e-mail goes out at this time, ${zone}.`}
            className={styles.other}
          />
        )}
      </fieldset>

      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {takingOrders ? (
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          startIcon={<ShoppingBagOutlinedIcon />}
          disabled={adding || !online}
        >
          {adding ? 'Adding...' : 'Add to Cart'}
        </Button>
      ) : (
        <ClosedShopNotice />
      )}
      {!online && <p className="t-body2 t-muted">{OFFLINE_MESSAGE}</p>}
    </form>
  );
}

export const GiftCardFormIsland = defineIsland('gift-card-form', GiftCardForm);
