import { Button, CloseIcon, cx, IconButton } from '../../components/ui';
import styles from './offer-snackbar.module.css';

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
  if (!open) return null;
  return (
    <div className={cx(styles.root, styles[horizontal])}>
      <div role="alert" className={styles.content}>
        <div className={styles.message}>{message}</div>
        <div className={styles.actions}>
          <Button color="inherit" size="small" onClick={onAction} className={styles.action}>
            {actionLabel}
          </Button>
          <IconButton size="small" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon size="1.25rem" />
          </IconButton>
        </div>
      </div>
    </div>
  );
}
