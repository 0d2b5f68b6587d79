import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';

/** A standing offer at the bottom of the screen: a sentence, one button, and a close button. */
export function OfferSnackbar({
  open,
  horizontal,
  message,
  actionLabel,
  onAction,
  closeLabel,
  onClose,
}: {
  open: boolean;
  horizontal: 'left' | 'center';
  message: string;
  actionLabel: string;
  onAction: () => void;
  /** The close button's accessible name. */
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal }}
      message={message}
      action={
        <>
          <Button color="secondary" size="small" onClick={onAction}>
            {actionLabel}
          </Button>
          <IconButton size="small" color="inherit" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
