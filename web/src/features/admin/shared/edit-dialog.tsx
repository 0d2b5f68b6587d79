import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

type EditDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The id of the form's title, which names the dialog. */
  titleId: string;
  fullScreen?: boolean;
  /** The form; mounted only while open, so every opening starts from the picked entry's values. */
  children: ReactNode;
};

/** The add/edit dialog of an admin list entry. */
export function EditDialog({ open, onClose, titleId, fullScreen, children }: EditDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {open && children}
    </Dialog>
  );
}

type DialogFormProps = {
  titleId: string;
  title: string;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  saving: boolean;
  submitDisabled: boolean;
  /** The submit button's label when not saving ('Saving...' while saving). */
  submitLabel: string;
  children: ReactNode;
};

/** The form inside an EditDialog: title, fields, Cancel and the submit button. */
export function DialogForm({
  titleId,
  title,
  onSubmit,
  onCancel,
  saving,
  submitDisabled,
  submitLabel,
  children,
}: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={submitDisabled || saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
