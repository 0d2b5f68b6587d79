import type { ReactNode, RefObject } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';

export type ConfirmDialogProps = {
  open: boolean;
  /** Prefix of the title's and the text's ids, which name and describe the dialog. */
  id: string;
  title: ReactNode;
  /** The question, e.g. 'Are you sure ...? This action cannot be undone.' */
  text: ReactNode;
  /** Shown under the question, e.g. what is deleted. */
  children?: ReactNode;
  /** The action is under way: both buttons off, the dialog stays open. */
  busy: boolean;
  /** The action's button, e.g. 'Delete', and its label while under way, e.g. 'Deleting...'. */
  confirmLabel: string;
  busyLabel: string;
  color?: 'error' | 'primary';
  /** The action's button is off (e.g. while what the question names is being counted). */
  confirmDisabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  role?: 'alertdialog';
  actionsSx?: SxProps<Theme>;
  /**
   * Where focus goes back once it has closed, when the button that opened it was disabled
   * meanwhile (e.g. while saving first): MUI would give focus back to that disabled button, i.e. lose it.
   */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * Asks before an action that cannot be undone: Cancel (Escape, a click outside), or the action.
 * MUI's Dialog moves focus into it and gives it back to the button that opened it.
 */
export function ConfirmDialog({
  open,
  id,
  title,
  text,
  children,
  busy,
  confirmLabel,
  busyLabel,
  color = 'primary',
  confirmDisabled,
  onCancel,
  onConfirm,
  role,
  actionsSx,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onCancel())}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      role={role}
      disableRestoreFocus={Boolean(returnFocus)}
      slotProps={returnFocus ? { transition: { onExited: () => returnFocus.current?.focus() } } : undefined}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={actionsSx}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color={color} variant="contained" onClick={onConfirm} disabled={busy || confirmDisabled}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
