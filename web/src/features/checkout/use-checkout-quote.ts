import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cart } from '../../lib/api-types';
import { isApiError, isOfflineError, OFFLINE_MESSAGE } from '../../lib/api';
import { giftCardsOf } from '../../lib/gift-cards';
import { useGetCheckoutQuoteMutation } from './api';
import type {
  GiftCardQuote as CheckoutQuote,
  GiftCardQuoteInput as CheckoutQuoteInput,
} from './gift-card-types';
import type { QuoteStatus } from './checkout-money';
import { isStateCode } from './checkout-validation';

/** Typing in the ZIP or picking another state waits this long before the summary asks again. */
export const QUOTE_DEBOUNCE_MS = 400;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;

export const CODE_CHECK_FAILED = 'The code could not be checked right now. Please try again.';

/**
 * What the quote depends on: the applied code and gift cards (issue 47), and from the details the
 * e-mail, state and ZIP.
 */
export type QuoteAsk = {
  code: string | null;
  giftCardCodes?: readonly string[];
  email: string;
  state: string;
  zip: string;
};

/** The quote's body: the code, the e-mail when it looks complete, the state (and ZIP when complete). */
export function quoteBody(ask: QuoteAsk): CheckoutQuoteInput {
  const email = ask.email.trim();
  const zip = ask.zip.trim();
  return {
    ...(ask.code ? { promotionCode: ask.code } : {}),
    ...(ask.giftCardCodes?.length ? { giftCardCodes: [...ask.giftCardCodes] } : {}),
    ...(EMAIL.test(email) ? { customerEmail: email } : {}),
    ...(isStateCode(ask.state) ? { address: { state: ask.state, ...(ZIP.test(zip) ? { zip } : {}) } } : {}),
  };
}

/** The inputs an answer is for: the code, state and ZIP (not the e-mail) and the cart's lines. */
function quoteKey(cart: Cart, ask: QuoteAsk): string {
  const zip = ask.zip.trim();
  const lines = [
    ...cart.items.map((line) => `${line.id}x${line.quantity}`),
    ...(cart.licences ?? []).map((line) => `L${line.id}`),
    ...giftCardsOf(cart).map((line) => `G${line.id}`),
  ].join(',');
  return JSON.stringify([
    ask.code,
    ask.giftCardCodes ?? [],
    ask.state,
    ZIP.test(zip) ? zip : '',
    cart.subtotal,
    cart.shipping,
    lines,
  ]);
}

type Answer = {
  key: string;
  /** The last quote the server gave (kept when a later ask fails). */
  quote: CheckoutQuote | null;
  /** The state `quote` was asked for. */
  quoteState: string;
  /** The ask for `key` failed (not a refused code). */
  failed: boolean;
};

export type ApplyResult = { ok: true; code: string } | { ok: false; message: string };

/** A refused gift card's sentence (400 at `giftCardCodes`, or too many tries), else null. */
function giftCardRefusal(err: unknown): string | null {
  if (!isApiError(err)) return null;
  if (err.status === 400) return err.errors?.giftCardCodes ?? null;
  return err.status === 429 ? (err.serverMessage ?? null) : null;
}

/** A refused code's sentence (400), or why it could not be checked. */
function refusal(err: unknown): { refused: boolean; message: string } {
  const giftCard = giftCardRefusal(err);
  if (giftCard) return { refused: true, message: giftCard };
  if (isApiError(err) && err.status === 400) {
    const message = err.errors?.promotionCode ?? err.serverMessage;
    if (message) return { refused: Boolean(err.errors?.promotionCode), message };
  }
  return { refused: false, message: isOfflineError(err) ? OFFLINE_MESSAGE : CODE_CHECK_FAILED };
}

/**
 * The summary's quote (POST /api/checkout/quote) for the applied code and the address's state,
 * asked again (debounced) when the code, state, ZIP or cart change; without a code or a state it
 * is asked once (whether the shop collects tax at all), and never while `paused` (the order is
 * placed). A code the server refuses on a later
 * ask (expired meanwhile, or restored after a reload) is handed to `onCodeRefused`.
 */
export function useCheckoutQuote({
  cart,
  ask,
  paused,
  onCodeRefused,
  onGiftCardsRefused = () => undefined,
}: {
  cart: Cart;
  ask: QuoteAsk;
  paused: boolean;
  onCodeRefused: (message: string) => void;
  /** A later ask refused the applied gift cards (spent elsewhere meanwhile): they go, with its reason. */
  onGiftCardsRefused?: (message: string) => void;
}) {
  const [getQuote] = useGetCheckoutQuoteMutation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  /** The figures depend on the server: a code or a state is entered. */
  const wanted = Boolean(ask.code || ask.state || ask.giftCardCodes?.length);
  // the first answer also says whether the shop collects tax at all: asked once even without them
  const needed =
    cart.items.length + (cart.licences?.length ?? 0) + giftCardsOf(cart).length > 0 &&
    (wanted || answer === null);
  const key = quoteKey(cart, ask);
  // read by the effect and apply() without making them depend on every keystroke of the e-mail
  const latest = useRef({ ask, cart, key, answerKey: answer?.key, onCodeRefused, onGiftCardsRefused });
  useEffect(() => {
    latest.current = { ask, cart, key, answerKey: answer?.key, onCodeRefused, onGiftCardsRefused };
  });
  useEffect(() => {
    if (!needed || paused || latest.current.answerKey === key) return;
    /** Still the question of the moment: nothing changed since, and apply() did not answer it. */
    const current = () => latest.current.key === key && latest.current.answerKey !== key;
    // the first ask (the page just opened) goes at once; later ones wait for the typing to settle
    const delay = latest.current.answerKey === undefined ? 0 : QUOTE_DEBOUNCE_MS;
    const timer = window.setTimeout(() => {
      const { ask: now } = latest.current;
      getQuote(quoteBody(now))
        .unwrap()
        .then((quote) => {
          if (current()) setAnswer({ key, quote, quoteState: now.state, failed: false });
        })
        .catch((err: unknown) => {
          if (!current()) return;
          const giftCard = now.giftCardCodes?.length ? giftCardRefusal(err) : null;
          if (giftCard) {
            latest.current.onGiftCardsRefused(giftCard); // the cards go: a new key asks again without them
            return;
          }
          const { refused, message } = refusal(err);
          if (refused && now.code) {
            latest.current.onCodeRefused(message); // the code goes: a new key asks again without it
            return;
          }
          console.warn('The checkout quote failed', err);
          setAnswer((prev) => ({
            key,
            quote: prev?.quote ?? null,
            quoteState: prev?.quoteState ?? '',
            failed: true,
          }));
        });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [key, needed, paused, getQuote]);

  /**
   * An apply's answer is the question of the moment at once, not at the next render: an ask for
   * the old code that answers in between (its debounce ran while the apply was in flight) must not
   * replace it, or the code shows applied with no discount and nothing asks again.
   */
  const answered = useCallback((key: string) => {
    latest.current = { ...latest.current, key, answerKey: key };
  }, []);

  /** Checks a typed code now; on success its quote is the summary's (the caller applies the code). */
  const apply = useCallback(
    async (typed: string): Promise<ApplyResult> => {
      const { ask: now } = latest.current;
      try {
        const quote = await getQuote(quoteBody({ ...now, code: typed.trim() })).unwrap();
        const code = quote.promotion?.code ?? typed.trim().toUpperCase();
        // the answer for the code about to be applied (an ask in flight for the old code is dropped)
        const key = quoteKey(latest.current.cart, { ...now, code });
        setAnswer({ key, quote, quoteState: now.state, failed: false });
        answered(key);
        return { ok: true, code };
      } catch (err) {
        return { ok: false, message: refusal(err).message };
      }
    },
    [getQuote, answered],
  );

  /** Checks a gift card code now (a quote with it added); on success the caller applies it. */
  const applyGiftCard = useCallback(
    async (code: string): Promise<ApplyResult> => {
      const { ask: now } = latest.current;
      const giftCardCodes = [...(now.giftCardCodes ?? []), code];
      try {
        const quote = await getQuote(quoteBody({ ...now, giftCardCodes })).unwrap();
        const key = quoteKey(latest.current.cart, { ...now, giftCardCodes });
        setAnswer({ key, quote, quoteState: now.state, failed: false });
        answered(key);
        return { ok: true, code };
      } catch (err) {
        return { ok: false, message: refusal(err).message };
      }
    },
    [getQuote, answered],
  );

  const fresh = answer?.key === key;
  const status: QuoteStatus = !wanted
    ? 'idle'
    : fresh
      ? answer.failed
        ? 'unavailable'
        : 'ready'
      : paused
        ? 'unavailable'
        : 'pending';
  return {
    quote: answer?.quote ?? null,
    quoteState: answer?.quoteState ?? '',
    status,
    apply,
    applyGiftCard,
    /** The shop collects sales tax at all (null until the server has said). */
    taxCollected: answer?.quote?.taxCollected ?? null,
  };
}
