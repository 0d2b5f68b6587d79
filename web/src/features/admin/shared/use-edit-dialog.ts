import { useState } from 'react';

/** The add/edit dialog of an admin list: whether it is open, and the entry it edits (null to add one). */
export function useEditDialog<T>() {
  const [open, setOpen] = useState(false);
  const [entry, setEntry] = useState<T | null>(null);
  const show = (picked: T | null) => {
    setEntry(picked);
    setOpen(true);
  };
  return {
    open,
    entry,
    openAdd: () => show(null),
    openEdit: (picked: T) => show(picked),
    close: () => setOpen(false),
  };
}
