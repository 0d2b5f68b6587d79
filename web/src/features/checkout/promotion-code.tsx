import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { TextField } from '../../components/ui';
import type { ApplyResult } from './use-checkout-quote';

const ENTER_CODE = 'Please enter a promotion code.';

export type PromotionCodeProps = {
  /** The applied code and what it gives ("20% off"); null without one. */
  applied: { code: string; summary: string } | null;
  /** The order is placed (the payment step): the code shows, but can not be changed here. */
  locked: boolean;
  /** Checks a typed code with the server; on success the caller applies it. */
  onApply: (typed: string) => Promise<ApplyResult>;
  onRemove: () => void;
  /** A code the server refused after it was applied: the field opens with it (and its reason). */
  refused?: { code: string; message: string | null } | null;
};

/**
 * The summary's promotion code: 'Have a promotion code?' opens a field with 'Apply'; a refused
 * code's sentence shows under the field and nothing changes; an applied code shows with 'Remove'.
 * Remount it (a `key`) to show a new `refused`.
 */
export function PromotionCode({ applied, locked, onApply, onRemove, refused = null }: PromotionCodeProps) {
  const [open, setOpen] = useState(Boolean(refused));
  const [typed, setTyped] = useState(refused?.code ?? '');
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const [checking, setChecking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** Where focus goes after the view changes: the field, the applied code's Remove, or the opener. */
  const focusNext = useRef<'field' | 'remove' | 'opener' | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'field') fieldRef.current?.querySelector('input')?.focus();
    else if (target === 'remove') removeRef.current?.focus();
    else if (target === 'opener') openerRef.current?.focus();
  });

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    if (!typed.trim()) {
      setError(ENTER_CODE);
      return;
    }
    setChecking(true);
    const result = await onApply(typed);
    setChecking(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setTyped('');
    setOpen(false);
    setAnnouncement(`Promotion code ${result.code} applied.`);
    focusNext.current = 'remove';
  };

  const remove = () => {
    onRemove();
    setAnnouncement('Promotion code removed.');
    focusNext.current = 'opener';
  };

  let body;
  if (applied) {
    body = (
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
          <LocalOfferOutlinedIcon fontSize="small" aria-hidden sx={{ mt: '3px', color: 'primary.main' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, lineHeight: 1.4, overflowWrap: 'anywhere' }}>
              <span className="visually-hidden">Promotion code </span>
              {applied.code}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {applied.summary}
            </Typography>
          </Box>
        </Stack>
        {!locked && (
          <Button
            ref={removeRef}
            size="small"
            onClick={remove}
            aria-label={`Remove promotion code ${applied.code}`}
            sx={{ flexShrink: 0, mr: -1 }}
          >
            Remove
          </Button>
        )}
      </Stack>
    );
  } else if (locked) {
    // the order is placed without a code: one refused on the way says so (it is no longer editable)
    body = refused?.message ? (
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {`Promotion code ${refused.code} not applied: ${refused.message}`}
      </Typography>
    ) : null;
  } else if (!open) {
    body = (
      <Button
        ref={openerRef}
        size="small"
        onClick={() => {
          setOpen(true);
          focusNext.current = 'field';
        }}
        aria-expanded={false}
        startIcon={<LocalOfferOutlinedIcon aria-hidden />}
        sx={{ ml: -0.75 }}
      >
        Have a promotion code?
      </Button>
    );
  } else {
    body = (
      <Box component="form" noValidate onSubmit={apply}>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, alignItems: 'start' }}
        >
          <div ref={fieldRef}>
            <TextField
              id="checkout-promotion-code"
              name="promotion-code"
              label="Promotion code"
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
              maxLength={40}
              disabled={checking}
            />
          </div>
          {/* the spacer is the label's height: the button lines up with the input, not the label */}
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
    );
  }

  return (
    <Box>
      {body}
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </Box>
  );
}
