import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';

/**
 * A section another screen puts inside a form (composed in admin-routes: the edit-photo page's
 * limited edition) is saved by the form's own button, never by one of its own: one form, one save.
 * Its save answers null once saved (or nothing to save), else the message of why not.
 */
export type SectionSave = () => Promise<string | null>;
type Register = (save: { current: SectionSave }) => () => void;

const SectionSaves = createContext<Register | null>(null);

/** The form's side: `register` for its provider, and `saveAll` (every section's message, or none). */
export function useSectionSaves() {
  const saves = useRef(new Set<{ current: SectionSave }>());
  const register = useCallback<Register>((save) => {
    saves.current.add(save);
    return () => void saves.current.delete(save);
  }, []);
  const saveAll = useCallback(async (): Promise<string[]> => {
    // every section is asked, so each shows its own message
    const answers = await Promise.all([...saves.current].map((save) => save.current()));
    return answers.filter((a): a is string => a !== null);
  }, []);
  return { register, saveAll };
}

/** Around the form's sections from other screens: `register` from `useSectionSaves`. */
export function SectionSavesProvider({ register, children }: { register: Register; children: ReactNode }) {
  return <SectionSaves.Provider value={register}>{children}</SectionSaves.Provider>;
}

/** The section's side: its save, run when the form it sits in is saved. */
export function useSaveWithForm(save: SectionSave) {
  const register = useContext(SectionSaves);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => register?.(latest), [register]);
}
