import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderGiftCardView } from '@contract';
import { TextField } from '../../components/ui';
import { errorMessage, isApiError } from '../../lib/api-error';
import { maskedCard, whenText } from '../../lib/gift-cards';
import { useSite } from '../../lib/site-context';
import { useChangeGiftCardRecipientMutation, useGetOrderByTokenQuery } from './api';

/** A gift card line's view; `lineId` names the line for "Change e-mail". */
export type LineGiftCard = OrderGiftCardView;

/** When it is (or was) sent, in the shop's zone. */
function sendText(card: LineGiftCard, timeZone: string): string {
  if (card.sentAt) return `Sent ${whenText(card.sentAt, timeZone)}`;
  return card.sendAt ? `Sends ${whenText(card.sendAt, timeZone)}` : 'Sends when paid';
}

/**
 * A gift card line on the buyer's order page (issue 47): for whom, when it is sent, the card's last
 * 4 once issued, and while it is not yet sent, "Change e-mail".
 */
export function LineGiftCardBlock({ giftCard }: { giftCard: LineGiftCard }) {
  const { token = '' } = useParams();
  const { timeZone } = useSite();
  const { refetch } = useGetOrderByTokenQuery(token);
  const [change, { data, error, isLoading, reset }] = useChangeGiftCardRecipientMutation();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(giftCard.recipientEmail);
  const lineId = giftCard.lineId;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lineId === undefined) return;
    try {
      await change({ token, lineId, recipientEmail: email.trim() }).unwrap();
      setEditing(false);
      void refetch();
    } catch {
      // shown below the field
    }
  };
  const fieldError = error
    ? ((isApiError(error) && error.errors?.recipientEmail) ?? errorMessage(error))
    : undefined;

  return (
    <Box sx={{ mt: 0.75 }} data-testid="gift-card-line">
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        For {giftCard.recipientName} ({giftCard.recipientEmail})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {sendText(giftCard, timeZone)}
        {giftCard.last4 ? ` · Gift card ${maskedCard(giftCard.last4)}` : ''}
      </Typography>
      {giftCard.canChangeRecipient && lineId !== undefined && !editing && (
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 0.75 }}
          onClick={() => {
            reset();
            setEditing(true);
          }}
        >
          Change e-mail
        </Button>
      )}
      {editing && (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={`Change the e-mail of the gift card for ${giftCard.recipientName}`}
          spacing={1}
          sx={{ mt: 1, maxWidth: 420 }}
        >
          <TextField
            id={`gift-card-recipient-${lineId}`}
            label="Recipient's e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError}
            autoComplete="off"
            maxLength={254}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" size="small" disabled={isLoading}>
              {isLoading ? 'Saving...' : 'Save'}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      )}
      {data && !editing && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {data.message}
        </Alert>
      )}
    </Box>
  );
}
