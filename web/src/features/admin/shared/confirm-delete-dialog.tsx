import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';

type ConfirmDeleteDialogProps = {
  open: boolean;
  /** Prefix of the title's and the text's ids, which name and describe the dialog. */
  id: string;
  title: ReactNode;
  /** The question, e.g. 'Are you sure ...? This action cannot be undone.' */
  text: ReactNode;
  /** Shown under the question, e.g. what is deleted. */
  children?: ReactNode;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  role?: 'alertdialog';
  actionsSx?: SxProps<Theme>;
};

/** Asks before deleting: Cancel, or Delete ('Deleting...' while under way). */
export function ConfirmDeleteDialog({
  open,
  id,
  title,
  text,
  children,
  deleting,
  onCancel,
  onConfirm,
  role,
  actionsSx,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => (deleting ? undefined : onCancel())}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      role={role}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={actionsSx}>
        <Button onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
