import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import type { AppliedGiftCard } from '@contract';
import { TextField } from '../../components/ui';
import { formatPrice } from '../../lib/format';
import { maskedCard } from '../../lib/gift-cards';
import type { ApplyResult } from './use-checkout-quote';

/** At most this many gift cards on one order (the contract's MAX_GIFT_CARD_CODES). */
export const MAX_GIFT_CARDS = 5;
const ENTER_CODE = 'Enter a gift card code: 16 letters and digits.';
/** A code as the server reads it: spaces and dashes ignored, any case. */
export const normaliseGiftCardCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

export type GiftCardCodesProps = {
  /** The applied codes (normalised), in the order applied. */
  codes: readonly string[];
  /** What each pays, as the last quote answered (matched by last 4). */
  applied: readonly AppliedGiftCard[];
  /** The order is placed: the cards show, but can not be changed here. */
  locked: boolean;
  /** Checks a typed code with the server (a quote with it); on success the caller applies it. */
  onApply: (code: string) => Promise<ApplyResult>;
  onRemove: (code: string) => void;
  /** Why the server dropped the applied cards on a later quote (spent elsewhere meanwhile), or null. */
  refusal: string | null;
};

/**
 * The summary's "Gift card" (issue 47): 'Have a gift card?' opens a code field with 'Apply'; each
 * applied card shows as "••••7XKQ −$30.00" with 'Remove'; up to 5.
 */
export function GiftCardCodes({ codes, applied, locked, onApply, onRemove, refusal }: GiftCardCodesProps) {
  const [open, setOpen] = useState(Boolean(refusal));
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(refusal);
  const [checking, setChecking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusField = useRef(false);
  const fieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusField.current) return;
    focusField.current = false;
    fieldRef.current?.querySelector('input')?.focus();
  });

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    const code = normaliseGiftCardCode(typed);
    if (!/^[2-9A-HJ-NP-Z]{16}$/.test(code)) return setError(ENTER_CODE);
    if (codes.includes(code)) return setError('This gift card is applied already.');
    setChecking(true);
    const result = await onApply(code);
    setChecking(false);
    if (!result.ok) return setError(result.message);
    setError(null);
    setTyped('');
    setOpen(false);
    setAnnouncement(`Gift card ${maskedCard(code.slice(-4))} applied.`);
  };

  const paid = (code: string, i: number) =>
    applied[i]?.last4 === code.slice(-4) ? applied[i] : applied.find((a) => a.last4 === code.slice(-4));

  return (
    <Box aria-label="Gift card" component="section" sx={{ mt: 1 }}>
      {codes.length > 0 && (
        <Box component="ul" aria-label="Gift cards applied" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {codes.map((code, i) => {
            const card = paid(code, i);
            const masked = maskedCard(code.slice(-4));
            return (
              <Stack
                component="li"
                key={code}
                direction="row"
                sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, py: 0.5 }}
              >
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <CardGiftcardOutlinedIcon fontSize="small" aria-hidden sx={{ color: 'primary.main' }} />
                  <Typography sx={{ fontWeight: 600 }}>
                    <span className="visually-hidden">Gift card </span>
                    {masked}
                  </Typography>
                  {card && <Typography sx={{ whiteSpace: 'nowrap' }}>{formatPrice(-card.amount)}</Typography>}
                </Stack>
                {!locked && (
                  <Button
                    size="small"
                    onClick={() => {
                      onRemove(code);
                      setAnnouncement(`Gift card ${masked} removed.`);
                    }}
                    aria-label={`Remove gift card ${masked}`}
                    sx={{ flexShrink: 0, mr: -1 }}
                  >
                    Remove
                  </Button>
                )}
              </Stack>
            );
          })}
        </Box>
      )}
      {locked || codes.length >= MAX_GIFT_CARDS ? null : !open ? (
        <Button
          size="small"
          onClick={() => {
            setOpen(true);
            focusField.current = true;
          }}
          aria-expanded={false}
          startIcon={<CardGiftcardOutlinedIcon aria-hidden />}
          sx={{ ml: -0.75 }}
        >
          {codes.length ? 'Add another gift card' : 'Have a gift card?'}
        </Button>
      ) : (
        <Box component="form" noValidate onSubmit={apply} aria-label="Apply a gift card" sx={{ mt: 0.5 }}>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, alignItems: 'start' }}
          >
            <div ref={fieldRef}>
              <TextField
                id="checkout-gift-card-code"
                name="gift-card-code"
                label="Gift card code"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setError(null);
                }}
                error={Boolean(error)}
                helperText={error ?? undefined}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                disabled={checking}
              />
            </div>
            <Stack sx={{ gap: '4px' }}>
              <Box component="span" aria-hidden sx={{ fontSize: '0.875rem', visibility: 'hidden' }}>
                &nbsp;
              </Box>
              <Button type="submit" variant="outlined" disabled={checking} sx={{ minHeight: 48, px: 2.5 }}>
                {checking ? 'Applying...' : 'Apply'}
              </Button>
            </Stack>
          </Box>
        </Box>
      )}
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </Box>
  );
}
