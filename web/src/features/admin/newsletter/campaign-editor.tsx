import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { errorMessage } from '../../../lib/api';
import { useActionToast } from '../shared/action-toast';
import {
  useCreateCampaignMutation,
  useGetSubscribersQuery,
  useLazyGetPreviewQuery,
  useSendCampaignMutation,
  useSendTestMutation,
  useUpdateCampaignMutation,
  type NewsletterCampaign,
} from './api';
import { NewsletterImage } from './newsletter-image';
import { PhotoPickerDialog } from './photo-picker-dialog';
import { SendConfirmDialog } from './send-confirm-dialog';
import { subscribersText } from './send-pace';

const extraExtensions = [NewsletterImage];

/** The server's rule too (newsletterSendSchema): checked here so the question names a real rate. */
const RATE_ERROR = 'Enter a rate of 1 to 10,000 e-mails an hour.';
const rateOf = (typed: string): number | null => {
  const n = /^\s*\d{1,5}\s*$/.test(typed) ? Number(typed) : NaN;
  return n >= 1 && n <= 10_000 ? n : null;
};

type Props = {
  campaign: NewsletterCampaign | null;
  ownerEmail: string | null;
  confirmed: number;
  fullScreen: boolean;
  onClose: () => void;
};

/**
 * Write a "new work" e-mail: subject and text with her photos, saved as a draft; its preview as
 * subscribers get it; a test to herself; then the send to every confirmed subscriber at her rate.
 */
export function CampaignEditor({ campaign, ownerEmail, confirmed, fullScreen, onClose }: Props) {
  const [id, setId] = useState<number | null>(campaign?.id ?? null);
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [html, setHtml] = useState(campaign?.html ?? '');
  const [testTo, setTestTo] = useState(ownerEmail ?? '');
  const [rate, setRate] = useState('100');
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [insert, setInsert] = useState<((src: string, alt: string) => void) | null>(null);
  const [create, creating] = useCreateCampaignMutation();
  const [update, updating] = useUpdateCampaignMutation();
  const [preview, previewState] = useLazyGetPreviewQuery();
  const [sendTest, testing] = useSendTestMutation();
  const [send, sending] = useSendCampaignMutation();
  // the send asked about; kept while the question closes, so its text does not change as it fades
  const [asked, setAsked] = useState<{ id: number; rate: number } | null>(null);
  const [asking, setAsking] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  // the page's count, read again when she is asked: the question names who the send goes to now
  const counts = useGetSubscribersQuery(1);
  const act = useActionToast();
  const busy = creating.isLoading || updating.isLoading || sending.isLoading;

  /** Saves what is typed (the first save makes the draft); its id, or null when refused. */
  async function save(): Promise<number | null> {
    setError(null);
    try {
      const saved = id
        ? await update({ id, subject, html }).unwrap()
        : await create({ subject, html }).unwrap();
      setId(saved.id);
      setHtml(saved.html);
      return saved.id;
    } catch (err) {
      setError(errorMessage(err));
      return null;
    }
  }

  const onPreview = async () => {
    const saved = await save();
    if (saved) await preview(saved);
  };
  const onTest = async () => {
    const saved = await save();
    if (saved)
      await act(() => sendTest({ id: saved, to: testTo }).unwrap(), {
        done: (r) => ({ title: 'Test Sent', description: r.message }),
        failure: 'send the test',
      });
  };
  const onSend = async () => {
    const ratePerHour = rateOf(rate);
    if (ratePerHour === null) return setError(RATE_ERROR);
    const saved = await save();
    if (!saved) return;
    void counts.refetch();
    setAsked({ id: saved, rate: ratePerHour });
    setAsking(true);
  };
  const confirmSend = async () => {
    if (!asked) return;
    try {
      await send({ id: asked.id, ratePerHour: String(asked.rate) }).unwrap();
      setAsking(false);
      onClose();
    } catch (err) {
      setAsking(false);
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="campaign-title"
    >
      <DialogTitle id="campaign-title">Write an e-mail</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            required
            fullWidth
          />
          <RichTextEditor
            label="Message"
            value={html}
            onChange={setHtml}
            disabled={busy}
            extraExtensions={extraExtensions}
            toolbarEnd={(editor) => (
              <Button
                size="small"
                startIcon={<AddPhotoAlternateOutlinedIcon />}
                disabled={busy}
                onClick={() => {
                  setInsert(
                    () => (src: string, alt: string) =>
                      editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt } }).run(),
                  );
                  setPicking(true);
                }}
                sx={{ ml: 'auto', minHeight: 40 }}
              >
                Insert photo
              </Button>
            )}
          />
          {previewState.data && (
            <Box component="section" aria-labelledby="campaign-preview-title">
              <Typography id="campaign-preview-title" variant="h6" component="h3" gutterBottom>
                Preview
              </Typography>
              <Box
                component="iframe"
                // a new one for each preview: a link followed in it (its sample unsubscribe page) is left
                key={previewState.fulfilledTimeStamp}
                title="Preview of the e-mail"
                sandbox=""
                srcDoc={previewState.data.html}
                sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
              />
            </Box>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label="Send a test to"
              type="email"
              value={testTo}
              onChange={(e) => setTestTo(e.target.value)}
              fullWidth
            />
            <Button
              variant="outlined"
              onClick={onTest}
              disabled={busy || testing.isLoading || !testTo}
              sx={{ minHeight: 56, flexShrink: 0 }}
            >
              Send test
            </Button>
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label="E-mails an hour"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              error={error === RATE_ERROR}
              helperText="1 to 10,000: what your e-mail plan allows (e.g. 100 for a small plan)."
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
            <Button
              ref={sendButton}
              variant="contained"
              onClick={onSend}
              disabled={busy || confirmed === 0}
              sx={{ minHeight: 56, flexShrink: 0 }}
            >
              {`Send to ${subscribersText(confirmed)}`}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onPreview} disabled={busy || previewState.isFetching}>
          Preview
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          Save draft
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <SendConfirmDialog
        open={asking}
        subject={subject}
        count={confirmed}
        counting={counts.isFetching}
        ratePerHour={asked?.rate ?? 1}
        sending={sending.isLoading}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirmSend()}
        returnFocus={sendButton}
      />
      <PhotoPickerDialog
        open={picking}
        fullScreen={fullScreen}
        onClose={() => setPicking(false)}
        onPick={({ src, alt }) => {
          insert?.(src, alt);
          setPicking(false);
        }}
      />
    </Dialog>
  );
}
