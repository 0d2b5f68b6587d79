import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from './class-names';
import styles from './sheet.module.css';

/**
 * A modal panel on the browser's own <dialog>: focus moves in and stays in, Escape and a click on
 * the backdrop close it, and the page behind is inert, with no library. `side="right"` slides in
 * from the right (menu, cart; width from the --sheet-width CSS variable), `side="full"` covers the
 * screen (the photo viewer). Its content renders only while open.
 */
export function Sheet({
  open,
  onClose,
  side = 'right',
  className,
  children,
  ...props
}: {
  open: boolean;
  onClose: () => void;
  side?: 'right' | 'full';
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLDialogElement>, 'onClose' | 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    const root = document.documentElement;
    if (open) root.classList.add('sheet-open');
    // Another sheet may still be open (a menu link that opens the cart).
    else if (!document.querySelector('dialog[open]')) root.classList.remove('sheet-open');
  }, [open]);
  // A sheet unmounted while open (its page left) releases the page's scroll too.
  useEffect(
    () => () => {
      if (!document.querySelector('dialog[open]')) document.documentElement.classList.remove('sheet-open');
    },
    [],
  );
  return (
    <dialog
      ref={ref}
      className={cx(styles.sheet, styles[side], className)}
      // Escape: the parent decides (it closes by setting open to false).
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the dialog element itself is a click on its backdrop (content covers the rest).
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      {...props}
    >
      {open && children}
    </dialog>
  );
}
