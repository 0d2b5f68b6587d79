import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { givingAwayText } from '../shared/photo-protection';

type PlaceWarningDialogProps = {
  open: boolean;
  /** The words of the exact location the title or description repeats (kept while the dialog closes). */
  phrases: readonly string[];
  onEdit: () => void;
  onSaveAnyway: () => void;
};

/** Before saving a protected photo whose title or description names its exact place. */
export function PlaceWarningDialog({ open, phrases, onEdit, onSaveAnyway }: PlaceWarningDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onEdit}
      role="alertdialog"
      aria-labelledby="place-warning-title"
      aria-describedby="place-warning-text"
    >
      <DialogTitle id="place-warning-title">This may give the place away</DialogTitle>
      <DialogContent>
        <DialogContentText id="place-warning-text">{givingAwayText(phrases)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onEdit} autoFocus>
          Edit
        </Button>
        <Button onClick={onSaveAnyway}>Save anyway</Button>
      </DialogActions>
    </Dialog>
  );
}
