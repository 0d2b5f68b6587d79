import { useRef, type ChangeEvent } from 'react';

/**
 * A hidden file input opened by a button: spread `inputProps` on the <input> and call `open`
 * from the button. `onFile` gets the chosen file; the input is cleared so that choosing the
 * same file again still fires a change.
 */
export function useFilePicker(onFile: (file: File) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return {
    inputProps: { ref, type: 'file', hidden: true, onChange },
    open: () => ref.current?.click(),
  };
}
