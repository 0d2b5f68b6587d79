import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../components/toast';
import { formatPrice } from '../../../lib/format';
import { useActionToast } from '../shared/action-toast';
import { FormTextField, MoneyField } from '../shared/form-field';
import { OtherErrors } from '../shared/other-errors';
import { useSessionExpiryCheck } from '../shared/session';
import { splitServerErrors } from '../shared/server-errors';
import { useSettingsForm } from '../shared/use-settings-form';
import {
  useAdjustGiftCardMutation,
  useChangeGiftCardRecipientMutation,
  useResendGiftCardMutation,
  useVoidGiftCardMutation,
  type GiftCardDetail,
} from './api';
import { maskedCode } from './gift-card-texts';

type Mode = 'adjust' | 'void' | 'recipient' | null;
const FIELDS = ['amount', 'reason', 'recipientEmail', 'recipientName'] as const;
type Field = (typeof FIELDS)[number];

/** What she can do to a card: adjust its balance, void it, send it again, change its recipient before it is sent. */
export function GiftCardActions({ detail }: { detail: GiftCardDetail }) {
  const [mode, setMode] = useState<Mode>(null);
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  const [resend, { isLoading: resending }] = useResendGiftCardMutation();
  const { card } = detail;
  const name = maskedCode(card.last4);
  if (!detail.canAdjust && !detail.canResend && !detail.canChangeRecipient) return null;

  const sendAgain = () =>
    void withToast(() => resend(card.id).unwrap(), {
      done: {
        title: 'Gift Card Sent Again',
        description: `${name} is on its way to ${card.recipientEmail}.`,
      },
      failure: 'send the gift card again',
      onError: checkSession,
    });

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {detail.canAdjust && (
          <Button variant={mode === 'adjust' ? 'contained' : 'outlined'} onClick={() => setMode('adjust')}>
            Adjust Balance
          </Button>
        )}
        {detail.canChangeRecipient && (
          <Button
            variant={mode === 'recipient' ? 'contained' : 'outlined'}
            onClick={() => setMode('recipient')}
          >
            Change Recipient
          </Button>
        )}
        {detail.canResend && (
          <Button variant="outlined" onClick={sendAgain} disabled={resending}>
            {card.sentAt ? 'Resend' : 'Send Now'}
          </Button>
        )}
        {detail.canAdjust && (
          <Button
            variant={mode === 'void' ? 'contained' : 'outlined'}
            color="error"
            onClick={() => setMode('void')}
          >
            Void
          </Button>
        )}
      </Box>
      {mode && <ActionForm key={mode} mode={mode} detail={detail} onDone={() => setMode(null)} />}
    </Box>
  );
}

function ActionForm({
  mode,
  detail,
  onDone,
}: {
  mode: Exclude<Mode, null>;
  detail: GiftCardDetail;
  onDone: () => void;
}) {
  const toast = useToast();
  const { card } = detail;
  const [adjust, adjusting] = useAdjustGiftCardMutation();
  const [voidCard, voiding] = useVoidGiftCardMutation();
  const [changeRecipient, changing] = useChangeGiftCardRecipientMutation();
  const saving = adjusting.isLoading || voiding.isLoading || changing.isLoading;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [recipientEmail, setRecipientEmail] = useState(card.recipientEmail ?? '');
  const [recipientName, setRecipientName] = useState(card.recipientName ?? '');
  const form = useSettingsForm<Field>({
    saving,
    failure:
      mode === 'void'
        ? 'void the gift card'
        : mode === 'adjust'
          ? 'adjust the balance'
          : 'change the recipient',
    placeErrors: (answer) => {
      const { byField, first, other } = splitServerErrors(answer, FIELDS);
      return { byField, focusId: first && `gift-card-${first}`, other };
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = maskedCode(card.last4);
    if (mode === 'adjust') {
      const saved = await form.save(() => adjust({ id: card.id, amount, reason }).unwrap());
      if (saved)
        toast({
          title: 'Balance Adjusted',
          description: `${name} now holds ${formatPrice(saved.card.balance)}.`,
        });
      if (saved) onDone();
    } else if (mode === 'void') {
      const saved = await form.save(() => voidCard({ id: card.id, reason }).unwrap());
      if (saved) toast({ title: 'Gift Card Voided', description: `${name} can no longer be spent.` });
      if (saved) onDone();
    } else {
      const saved = await form.save(() =>
        changeRecipient({ id: card.id, recipientEmail, recipientName }).unwrap(),
      );
      if (saved)
        toast({
          title: 'Recipient Changed',
          description: `${name} will be sent to ${saved.card.recipientEmail}.`,
        });
      if (saved) onDone();
    }
  };

  const reasonField = (
    <FormTextField
      id="gift-card-reason"
      label="Reason"
      required
      value={reason}
      onValueChange={(v) => {
        setReason(v);
        form.clear('reason');
      }}
      error={form.errors.reason}
      helperText="Kept in the card's ledger."
      disabled={saving}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      sx={{ p: 2, mt: 2 }}
    >
      <Stack spacing={2}>
        {mode === 'adjust' && (
          <>
            <Typography variant="body2" color="text.secondary">
              A positive amount adds to the balance, a negative one (e.g. -10) takes off. The balance can not
              go below $0.
            </Typography>
            <MoneyField
              id="gift-card-amount"
              label="Amount"
              required
              autoFocus
              min={-5000}
              value={amount}
              onValueChange={(v) => {
                setAmount(v);
                form.clear('amount');
              }}
              error={form.errors.amount}
              disabled={saving}
              fullWidth
            />
            {reasonField}
          </>
        )}
        {mode === 'void' && (
          <>
            <Typography>
              Voiding takes its {formatPrice(card.balance)} off and the card can no longer be spent. This can
              not be undone.
            </Typography>
            {reasonField}
          </>
        )}
        {mode === 'recipient' && (
          <>
            <FormTextField
              id="gift-card-recipientEmail"
              label="Recipient's e-mail"
              type="email"
              required
              autoFocus
              value={recipientEmail}
              onValueChange={(v) => {
                setRecipientEmail(v);
                form.clear('recipientEmail');
              }}
              error={form.errors.recipientEmail}
              disabled={saving}
              fullWidth
            />
            <FormTextField
              id="gift-card-recipientName"
              label="Recipient's name"
              value={recipientName}
              onValueChange={(v) => {
                setRecipientName(v);
                form.clear('recipientName');
              }}
              error={form.errors.recipientName}
              disabled={saving}
              fullWidth
            />
          </>
        )}
        <OtherErrors messages={form.otherErrors} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={mode === 'void' ? 'error' : 'primary'}
            disabled={saving}
          >
            {saving
              ? 'Saving...'
              : mode === 'adjust'
                ? 'Save Adjustment'
                : mode === 'void'
                  ? 'Void Card'
                  : 'Save Recipient'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
