import { useLayoutEffect, useRef } from 'react';
import { Button, CloseIcon, cx, IconButton } from '../../components/ui';
import styles from './offer-snackbar.module.css';

/** The room the page keeps at its end for the offer (site-footer.module.css reads it). */
const ROOM_VAR = '--offer-room';

/**
 * While an offer shows, the page ends with room for it (the footer grows by its height and its
 * margin): scrolled to the bottom, nothing (a price, a button, the footer's text) stays under it.
 * Nothing above the end moves, so this shifts no content the visitor sees.
 */
function useRoomAtTheEnd(open: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    const style = document.documentElement.style;
    const measure = () => {
      const { top, bottom } = root.getBoundingClientRect();
      // its height and the gap below it, plus the same gap above it
      const room = Math.ceil(bottom - top + 2 * (window.innerHeight - bottom));
      style.setProperty(ROOM_VAR, `${Math.max(0, room)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      style.removeProperty(ROOM_VAR);
    };
  }, [open]);
  return ref;
}

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
  const ref = useRoomAtTheEnd(open);
  if (!open) return null;
  return (
    // a toast is placed clear of it (toast-placement.ts)
    <div ref={ref} className={cx(styles.root, styles[horizontal])} data-toast-avoid>
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
