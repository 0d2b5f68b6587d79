// Where the toast goes so it never covers what the owner or a visitor must reach: the open
// dialog's title, close button and actions, or (with no dialog) the page header. Loaded on demand
// by the toast provider when a toast first shows, so a visitor who never sees one never loads it.

export type Box = { top: number; bottom: number; left: number; right: number };

export type PlacementInput = {
  /** The window's height. */
  viewportHeight: number;
  /** The toast's horizontal extent (from its CSS) and its height. */
  left: number;
  right: number;
  height: number;
  /** Bottom on larger screens, top on a phone. */
  preferBottom: boolean;
  /** Room kept to the window's edges and to what is avoided. */
  margin: number;
  avoid: Box[];
};

/** Whether the toast at `top` comes closer than the margin to the box (above or below it). */
function overlaps(top: number, input: PlacementInput, box: Box): boolean {
  const bottom = top + input.height;
  const { margin } = input;
  return (
    top < box.bottom + margin && bottom > box.top - margin && input.left < box.right && input.right > box.left
  );
}

/**
 * The toast's top edge: the preferred edge when it is free, else the nearest free place next to
 * what is avoided, scanning from the preferred edge and then from the other one. Null: the preferred
 * edge (nothing is free, or nothing is in the way).
 */
export function toastTop(input: PlacementInput): number | null {
  const { viewportHeight, height, margin, avoid } = input;
  const minTop = margin;
  const maxTop = viewportHeight - margin - height;
  if (maxTop < minTop) return null;
  const free = (top: number) =>
    top >= minTop && top <= maxTop && !avoid.some((box) => overlaps(top, input, box));

  // Going down from the top: the top edge, then just below each avoided box.
  const fromTop = [minTop, ...avoid.map((box) => box.bottom + margin)].sort((a, b) => a - b);
  // Going up from the bottom: the bottom edge, then just above each avoided box.
  const fromBottom = [maxTop, ...avoid.map((box) => box.top - margin - height)].sort((a, b) => b - a);
  const order = input.preferBottom ? [...fromBottom, ...fromTop] : [...fromTop, ...fromBottom];
  const preferred = input.preferBottom ? maxTop : minTop;
  const top = order.find(free);
  return top === undefined || top === preferred ? null : top;
}

function boxOf(element: Element): Box | null {
  const rect = element.getBoundingClientRect();
  if (!rect.width || !rect.height) return null;
  return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
}

/** The dialog on top: a modal <dialog> (top layer) first, else the last open MUI dialog. */
export function topDialog(): Element | null {
  const native = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal')).at(-1);
  if (native) return native;
  const mui = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(
    (d) => d.tagName !== 'DIALOG' && !d.closest('[aria-hidden="true"]') && boxOf(d),
  );
  return mui.at(-1) ?? null;
}

/**
 * What the toast must leave visible: in an open dialog its title, the controls on the title's row
 * (close), its actions and anything marked data-toast-avoid; with none, the fixed or sticky headers
 * and what the page marks data-toast-avoid (the order confirmation on `/`).
 */
export function boxesToAvoid(dialog: Element | null): Box[] {
  const elements: Element[] = [];
  if (dialog) {
    const labelIds = dialog.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
    const titles = [
      ...labelIds.map((id) => document.getElementById(id)),
      ...dialog.querySelectorAll('.MuiDialogTitle-root'),
    ].filter((el): el is HTMLElement => !!el && dialog.contains(el));
    elements.push(...titles, ...dialog.querySelectorAll('.MuiDialogActions-root, [data-toast-avoid]'));
    const titleBoxes = titles.map(boxOf).filter((b): b is Box => !!b);
    for (const control of dialog.querySelectorAll('button, a[href], [role="button"]')) {
      const box = boxOf(control);
      if (box && titleBoxes.some((t) => box.top < t.bottom && box.bottom > t.top)) elements.push(control);
    }
  } else {
    for (const header of document.querySelectorAll('header')) {
      const { position } = getComputedStyle(header);
      if (position === 'fixed' || position === 'sticky') elements.push(header);
    }
    elements.push(...document.querySelectorAll('[data-toast-avoid]'));
  }
  return elements.map(boxOf).filter((b): b is Box => !!b);
}

/**
 * Places the toast now, and again when the window resizes, a dialog opens or closes (MUI mounts
 * them on <body>) or the top dialog changes size (a centred one moves its title and actions as its
 * content loads). Answers the function that stops watching.
 */
export function watchToastPlacement(
  viewport: HTMLElement,
  toast: HTMLElement,
  onTop: (top: number | null) => void,
): () => void {
  const place = () => {
    const preferBottom = window.matchMedia('(min-width: 600px)').matches;
    const { left, right } = viewport.getBoundingClientRect();
    const dialog = topDialog();
    if (dialog) resizes.observe(dialog);
    onTop(
      toastTop({
        viewportHeight: window.innerHeight,
        left,
        right,
        height: toast.offsetHeight,
        preferBottom,
        margin: preferBottom ? 24 : 12,
        avoid: boxesToAvoid(dialog),
      }),
    );
  };
  const resizes = new ResizeObserver(place);
  const mounts = new MutationObserver(place);
  mounts.observe(document.body, { childList: true });
  window.addEventListener('resize', place);
  // What the page keeps clear can appear or move without any of those (the confirmation after a
  // payment mounts after the toast, then its lazy CSS arrives): a look a few times a second.
  const poll = setInterval(place, 250);
  place();
  return () => {
    resizes.disconnect();
    mounts.disconnect();
    clearInterval(poll);
    window.removeEventListener('resize', place);
  };
}
