import { useState } from 'react';
import Typography from '@mui/material/Typography';
import type { Faq } from '../../../lib/api-types';
import { DialogForm, EditDialog } from '../shared/edit-dialog';
import { FormTextField } from '../shared/form-field';
import { useCreateFaqMutation, useUpdateFaqMutation } from './api';
import { useEntryForm } from '../shared/use-entry-form';

const TITLE_ID = 'faq-dialog-title';

type Props = {
  open: boolean;
  /** The FAQ being edited; null opens the dialog in add mode. */
  faq: Faq | null;
  onClose: () => void;
  fullScreen: boolean;
};

export function FaqDialog({ open, faq, onClose, fullScreen }: Props) {
  return (
    <EditDialog open={open} onClose={onClose} fullScreen={fullScreen} titleId={TITLE_ID}>
      <FaqForm faq={faq} onClose={onClose} />
    </EditDialog>
  );
}

function FaqForm({ faq, onClose }: { faq: Faq | null; onClose: () => void }) {
  const [createFaq, createState] = useCreateFaqMutation();
  const [updateFaq, updateState] = useUpdateFaqMutation();
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const saving = createState.isLoading || updateState.isLoading;
  const empty = question === '' || answer === '';
  const blank = question.trim() === '' || answer.trim() === '';
  const { save, dialogForm } = useEntryForm(faq, {
    titleId: TITLE_ID,
    noun: 'FAQ',
    saving,
    create: (input: { question: string; answer: string }) => createFaq(input).unwrap(),
    update: (entry, input) => updateFaq({ id: entry.id, ...input }).unwrap(),
    added: { done: { title: 'FAQ Added', description: 'The FAQ has been added.' }, failure: 'add FAQ' },
    updated: {
      done: { title: 'FAQ Updated', description: 'The FAQ has been updated.' },
      failure: 'update FAQ',
    },
    onClose,
  });

  const onSubmit = async () => {
    if (saving) return;
    if (blank) {
      setError('Question and answer are required');
      return;
    }
    setError(null);
    await save({ question: question.trim(), answer: answer.trim() });
  };

  return (
    <DialogForm {...dialogForm} onSubmit={onSubmit} submitDisabled={empty}>
      <FormTextField
        label="Question"
        value={question}
        onValueChange={setQuestion}
        required
        autoFocus
        fullWidth
        disabled={saving}
      />
      <FormTextField
        label="Answer"
        value={answer}
        onValueChange={setAnswer}
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
    </DialogForm>
  );
}
