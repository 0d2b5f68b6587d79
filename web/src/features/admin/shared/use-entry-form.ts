import { useActionToast, type Outcome } from './action-toast';

type EntryFormOptions<E, I> = {
  /** The id of the form's title and what the list holds, as DialogForm takes them. */
  titleId: string;
  noun: string;
  /** A save is under way. */
  saving: boolean;
  /** Adds a new entry. */
  create: (input: I) => Promise<unknown>;
  /** Updates the entry being edited. */
  update: (entry: E, input: I) => Promise<unknown>;
  /** How adding and updating are toasted. */
  added: Outcome<unknown>;
  updated: Outcome<unknown>;
  /** Closes the dialog (Cancel, and once saved). */
  onClose: () => void;
};

/**
 * The form of an add/edit dialog of a list entry: `save` updates the entry, or adds one when
 * there is none, toasts how it went and closes the dialog once it worked; `dialogForm` is what
 * its DialogForm takes from the same facts (title, noun, editing, saving, Cancel).
 */
export function useEntryForm<E, I>(
  entry: E | null,
  { titleId, noun, saving, create, update, added, updated, onClose }: EntryFormOptions<E, I>,
) {
  const withToast = useActionToast();
  const editing = entry !== null;
  const save = async (input: I) => {
    const saved = await withToast(
      () => (entry ? update(entry, input) : create(input)),
      entry ? updated : added,
    );
    if (saved) onClose();
  };
  return { editing, save, dialogForm: { titleId, noun, editing, saving, onCancel: onClose } };
}
