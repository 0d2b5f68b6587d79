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
  titleId?: string;
  /** The id of the text that describes the dialog, if any. */
  describedBy?: string;
  fullScreen?: boolean;
  /** 'xs' for a short question (ship, cancel, refund), 'sm' for a form. */
  maxWidth?: 'xs' | 'sm';
  /** The form; mounted only while open, so every opening starts from the picked entry's values. */
  children: ReactNode;
};

/** The dialog of an admin form: an add/edit dialog of a list entry, or a question about one. */
export function EditDialog({
  open,
  onClose,
  titleId,
  describedBy,
  fullScreen,
  maxWidth = 'sm',
  children,
}: EditDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
    >
      {open && children}
    </Dialog>
  );
}

type DialogFormProps = {
  titleId: string;
  /** What the list holds, for the title ('Add FAQ', 'Edit FAQ') and the submit button. */
  noun: string;
  /** Editing an entry rather than adding one. */
  editing: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  saving: boolean;
  submitDisabled: boolean;
  children: ReactNode;
};

/**
 * The form inside an EditDialog: title, fields, Cancel and the submit button, which says
 * 'Save Changes' or 'Add <noun>' ('Saving...' while saving).
 */
export function DialogForm({
  titleId,
  noun,
  editing,
  onSubmit,
  onCancel,
  saving,
  submitDisabled,
  children,
}: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{`${editing ? 'Edit' : 'Add'} ${noun}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={submitDisabled || saving}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : `Add ${noun}`}
        </Button>
      </DialogActions>
    </form>
  );
}
