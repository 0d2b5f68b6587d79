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
    if (!open) return;
    const root = document.documentElement;
    root.classList.add('sheet-open');
    // On close, or when unmounted while open (its page left): the page scrolls again, unless another
    // sheet is still open (a menu link that opens the cart).
    return () => {
      const othersOpen = [...document.querySelectorAll('dialog[open]')].some((other) => other !== dialog);
      if (!othersOpen) root.classList.remove('sheet-open');
    };
  }, [open]);
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
