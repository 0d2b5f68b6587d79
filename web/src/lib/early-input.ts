import { APP_READY_EVENT } from './early-clicks';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (el: unknown): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** Changed from what the server's HTML (or, once hydrated, React's state) says. */
const isDirty = (control: Control) =>
  control instanceof HTMLSelectElement
    ? [...control.options].some((option) => option.selected !== option.defaultSelected)
    : control.value !== control.defaultValue ||
      (control as HTMLInputElement).checked !== (control as HTMLInputElement).defaultChecked;

/**
 * What a visitor types or picks in the server's HTML before the app has hydrated is in the page
 * but not in React's state, and the first render after hydration puts the state's empty value
 * back. Once the app is ready, every field that differs from what React rendered (and any field
 * typed in that a render already reset) is replayed as the browser's own input or change event,
 * so the components' onChange handlers take it into their state. The focused field keeps its caret
 * and scroll. Hydration keeps the server's elements: they are the ones to replay into.
 */
function keepEarlyInput(): void {
  const touched = new Map<Control, { value: string; checked: boolean }>();
  const note = (control: Control) => {
    if (control.type === 'radio' && !(control as HTMLInputElement).checked) return; // its group's pick replays
    touched.delete(control); // the latest change goes last, so it is replayed last
    touched.set(control, { value: control.value, checked: (control as HTMLInputElement).checked });
  };
  const onInput = ({ target }: Event) => isControl(target) && note(target);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  window.addEventListener(
    APP_READY_EVENT,
    () => {
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
      // also what was typed before this script ran, or filled in by the browser
      document.querySelectorAll<Control>('input, textarea, select').forEach((c) => isDirty(c) && note(c));
      const focused = document.activeElement as HTMLInputElement;
      const { selectionStart, selectionEnd, scrollTop } = focused;
      // The event comes from the app's effects, inside React's own work: outside it (a microtask
      // later) React commits each replayed event's update before the next, as it does keystrokes.
      queueMicrotask(() => {
        touched.forEach(
          (saved, control) => control.isConnected && !control.disabled && replay(control, saved),
        );
        // null where the element has no caret (email, number, not a text field)
        if (touched.has(focused) && selectionStart !== null) {
          focused.setSelectionRange(selectionStart, selectionEnd);
          focused.scrollTop = scrollTop;
        }
      });
    },
    { once: true },
  );
}

function replay(control: Control, { value, checked }: { value: string; checked: boolean }): void {
  if (control.type === 'checkbox' || control.type === 'radio') {
    // React reads a checkbox's change from its click: from the other state, a click sets this one.
    (control as HTMLInputElement).checked = !checked;
    control.click();
    return;
  }
  // Through React's value tracker (it wraps the element's own setter) another value, then the
  // visitor's past it, by the class's setter: the event that follows is a change to React, as a
  // keystroke is. A select's onChange listens to 'change', a text field's to 'input'.
  control.value = value ? '' : ' ';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
  control.dispatchEvent(
    new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

// Imported by main.tsx, so it notes input from the first moment the page runs script.
keepEarlyInput();
