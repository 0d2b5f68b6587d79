import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../../../lib/format';
import { DialogForm, EditDialog } from '../shared/edit-dialog';
import { FormTextField, MoneyField } from '../shared/form-field';
import { GridBox } from '../shared/grid-box';
import { OtherErrors } from '../shared/other-errors';
import { splitServerErrors } from '../shared/server-errors';
import { useSettingsForm } from '../shared/use-settings-form';
import { useIssueGiftCardMutation, type IssuedGiftCard } from './api';
import { endOfDay } from './gift-card-texts';

const TITLE_ID = 'issue-gift-card-title';
const FIELDS = [
  'amount',
  'kind',
  'expiresAt',
  'recipientName',
  'recipientEmail',
  'message',
  'sendNow',
] as const;
type Field = (typeof FIELDS)[number];

type Props = { open: boolean; onClose: () => void; fullScreen: boolean };

/** A card she issues by hand (sold at a fair, a raffle prize); its code is shown once, after. */
export function IssueGiftCardDialog({ open, onClose, fullScreen }: Props) {
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const close = () => {
    setIssued(null);
    onClose();
  };
  return (
    <EditDialog
      open={open}
      onClose={issued ? () => undefined : close}
      fullScreen={fullScreen}
      titleId={TITLE_ID}
    >
      {issued ? (
        <IssuedCode issued={issued} onDone={close} />
      ) : (
        <IssueForm onIssued={setIssued} onCancel={close} />
      )}
    </EditDialog>
  );
}

function IssueForm({ onIssued, onCancel }: { onIssued: (c: IssuedGiftCard) => void; onCancel: () => void }) {
  const [issue, { isLoading: saving }] = useIssueGiftCardMutation();
  const [values, setValues] = useState({
    amount: '',
    kind: 'purchased' as 'purchased' | 'promotional',
    endsOn: '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    sendNow: false,
  });
  const form = useSettingsForm<Field>({
    saving,
    failure: 'issue the gift card',
    placeErrors: (answer) => {
      const { byField, first, other } = splitServerErrors(answer, FIELDS);
      return { byField, focusId: first && `issue-${first === 'expiresAt' ? 'endsOn' : first}`, other };
    },
  });
  const update = (patch: Partial<typeof values>, ...fields: Field[]) => {
    setValues((prev) => ({ ...prev, ...patch }));
    form.clear(...fields);
  };

  const onSubmit = async () => {
    const card = await form.save(() =>
      issue({
        amount: values.amount,
        kind: values.kind,
        expiresAt: values.kind === 'promotional' ? endOfDay(values.endsOn) : null,
        recipientName: values.recipientName,
        recipientEmail: values.recipientEmail,
        message: values.message,
        sendNow: values.sendNow,
      }).unwrap(),
    );
    if (card) onIssued(card);
  };
  const today = new Date();
  const minDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  return (
    <DialogForm
      titleId={TITLE_ID}
      noun="Gift Card"
      editing={false}
      onSubmit={onSubmit}
      onCancel={onCancel}
      saving={saving}
      submitDisabled={values.amount.trim() === ''}
    >
      <MoneyField
        id="issue-amount"
        label="Amount"
        required
        autoFocus
        min={1}
        value={values.amount}
        onValueChange={(amount) => update({ amount }, 'amount')}
        error={form.errors.amount}
        helperText="From $1 to $5,000."
        disabled={saving}
        fullWidth
      />
      <FormControl disabled={saving}>
        <FormLabel id="issue-kind-label">Kind</FormLabel>
        <RadioGroup
          aria-labelledby="issue-kind-label"
          name="issue-kind"
          value={values.kind}
          onChange={(event) =>
            update(
              { kind: event.target.value === 'promotional' ? 'promotional' : 'purchased' },
              'kind',
              'expiresAt',
            )
          }
        >
          <FormControlLabel
            value="purchased"
            control={<Radio />}
            label="Purchased: paid for (e.g. sold at a fair). Money you owe; it never expires."
          />
          <FormControlLabel
            value="promotional"
            control={<Radio />}
            label="Promotional: a gift from you (e.g. a raffle prize). It may have an end date."
          />
        </RadioGroup>
      </FormControl>
      {values.kind === 'promotional' && (
        <FormTextField
          id="issue-endsOn"
          label="Ends on"
          type="date"
          value={values.endsOn}
          onValueChange={(endsOn) => update({ endsOn }, 'expiresAt')}
          error={form.errors.expiresAt}
          helperText="Optional. Empty: it never ends."
          disabled={saving}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
        />
      )}
      <GridBox columns={{ xs: '1fr', sm: '1fr 1fr' }} alignStart>
        <FormTextField
          id="issue-recipientName"
          label="Recipient's name"
          value={values.recipientName}
          onValueChange={(recipientName) => update({ recipientName }, 'recipientName')}
          error={form.errors.recipientName}
          helperText="Optional."
          disabled={saving}
          fullWidth
        />
        <FormTextField
          id="issue-recipientEmail"
          label="Recipient's e-mail"
          type="email"
          value={values.recipientEmail}
          onValueChange={(recipientEmail) => update({ recipientEmail }, 'recipientEmail')}
          error={form.errors.recipientEmail}
          helperText="Optional."
          disabled={saving}
          fullWidth
        />
      </GridBox>
      <FormTextField
        id="issue-message"
        label="Message"
        multiline
        minRows={2}
        value={values.message}
        onValueChange={(message) => update({ message }, 'message')}
        error={form.errors.message}
        helperText="Optional. At most 500 characters, shown in the e-mail."
        disabled={saving}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            id="issue-sendNow"
            checked={values.sendNow}
            onChange={(event) => update({ sendNow: event.target.checked }, 'sendNow', 'recipientEmail')}
            disabled={saving}
          />
        }
        label="E-mail it to the recipient now"
      />
      <OtherErrors messages={form.otherErrors} />
    </DialogForm>
  );
}

/** The code, this once: she copies it or writes it down to hand it over. */
function IssuedCode({ issued, onDone }: { issued: IssuedGiftCard; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const { card } = issued;
  return (
    <>
      <DialogTitle id={TITLE_ID}>Gift Card Issued</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          A {card.kind} card of {formatPrice(card.initial)}
          {card.recipientName ? ` for ${card.recipientName}` : ''}.
          {card.status === 'scheduled' ? ` It is being e-mailed to ${card.recipientEmail}.` : ''}
        </Typography>
        <Typography variant="overline" component="p" id="issued-code-label">
          Its code
        </Typography>
        <Typography
          aria-labelledby="issued-code-label"
          data-testid="issued-code"
          sx={{
            fontFamily: 'monospace',
            fontSize: { xs: '1.35rem', sm: '1.75rem' },
            fontWeight: 700,
            letterSpacing: '0.05em',
            overflowWrap: 'anywhere',
            mb: 2,
          }}
        >
          {issued.code}
        </Typography>
        <Alert severity="warning" variant="outlined">
          This is the only time the code is shown. Copy it or write it down before you close this.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy Code'}</Button>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
