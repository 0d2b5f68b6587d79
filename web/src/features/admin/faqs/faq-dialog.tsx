import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../app/api';
import type { Faq } from '../../../app/api-types';
import { useToast } from '../../../components/toast';
import { useCreateFaqMutation, useUpdateFaqMutation } from './api';

type Props = {
  open: boolean;
  /** The FAQ being edited; null opens the dialog in add mode. */
  faq: Faq | null;
  onClose: () => void;
  fullScreen: boolean;
};

export function FaqDialog({ open, faq, onClose, fullScreen }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="faq-dialog-title"
    >
      {/* Mounted only while open, so every opening starts from the picked FAQ's values. */}
      {open && <FaqForm faq={faq} onClose={onClose} />}
    </Dialog>
  );
}

function FaqForm({ faq, onClose }: { faq: Faq | null; onClose: () => void }) {
  const toast = useToast();
  const [createFaq, createState] = useCreateFaqMutation();
  const [updateFaq, updateState] = useUpdateFaqMutation();
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const saving = createState.isLoading || updateState.isLoading;
  const editing = faq !== null;
  const empty = question === '' || answer === '';
  const blank = question.trim() === '' || answer.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (blank) {
      setError('Question and answer are required');
      return;
    }
    setError(null);
    const input = { question: question.trim(), answer: answer.trim() };
    try {
      if (editing) {
        await updateFaq({ id: faq.id, ...input }).unwrap();
        toast({ title: 'FAQ Updated', description: 'The FAQ has been updated.' });
      } else {
        await createFaq(input).unwrap();
        toast({ title: 'FAQ Added', description: 'The FAQ has been added.' });
      }
      onClose();
    } catch (err) {
      toast({
        title: 'Error',
        description: `Failed to ${editing ? 'update' : 'add'} FAQ: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <DialogTitle id="faq-dialog-title">{editing ? 'Edit FAQ' : 'Add FAQ'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Question"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            required
            autoFocus
            fullWidth
            disabled={saving}
          />
          <TextField
            label="Answer"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            required
            multiline
            minRows={5}
            fullWidth
            disabled={saving}
          />
          {error && (
            <Typography color="error" variant="body2" role="alert">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={empty || saving}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add FAQ'}
        </Button>
      </DialogActions>
    </form>
  );
}
