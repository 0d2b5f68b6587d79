// Where the toast goes so it never covers what the owner or a visitor must reach: the open
// dialog's title, close button, actions and what it marks (the cart's lines and totals), or (with
// no dialog) the page header and what the page marks (the order confirmation, the install offer).
// Loaded on demand
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
 * The first free top edge for the toast: the preferred edge, else the nearest place next to what is
 * avoided, scanning from the preferred edge and then from the other one. Undefined when no place
 * is free.
 */
export function freeToastTop(input: PlacementInput): number | undefined {
  const { viewportHeight, height, margin, avoid } = input;
  const minTop = margin;
  const maxTop = viewportHeight - margin - height;
  if (maxTop < minTop) return undefined;
  const free = (top: number) =>
    top >= minTop && top <= maxTop && !avoid.some((box) => overlaps(top, input, box));

  // Going down from the top: the top edge, then just below each avoided box.
  const fromTop = [minTop, ...avoid.map((box) => box.bottom + margin)].sort((a, b) => a - b);
  // Going up from the bottom: the bottom edge, then just above each avoided box.
  const fromBottom = [maxTop, ...avoid.map((box) => box.top - margin - height)].sort((a, b) => b - a);
  const order = input.preferBottom ? [...fromBottom, ...fromTop] : [...fromTop, ...fromBottom];
  return order.find(free);
}

/**
 * The toast's top edge (freeToastTop). Null: the preferred edge (nothing is free, or nothing is in
 * the way).
 */
export function toastTop(input: PlacementInput): number | null {
  const top = freeToastTop(input);
  const preferred = input.preferBottom ? input.viewportHeight - input.margin - input.height : input.margin;
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
 * (close), its actions and anything marked data-toast-avoid (the cart's lines, totals and
 * buttons); with none, the fixed or sticky headers and what the page marks data-toast-avoid (the
 * order confirmation on `/`, the install offer).
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

/** The room a dialog's [data-toast-room] element makes for the toast, in px (cart-panel.module.css). */
export const TOAST_ROOM_VAR = '--toast-room';

/**
 * Places the toast now and on every frame while it shows (what it keeps clear can appear, move or
 * scroll at any time: the confirmation on `/` mounts after the toast, then its lazy CSS arrives;
 * the cart's lines load; a MUI dialog mounts on <body>), and after every change to the page,
 * before that frame is painted: the
 * viewport's top is set here directly, and `onTop` tells React the same. When an open dialog
 * leaves no free place (a phone's cart full of lines), its [data-toast-room] element makes room
 * for the toast (TOAST_ROOM_VAR: the cart's lines move down by the toast's height) until the toast
 * goes. Answers the function that stops watching.
 */
export function watchToastPlacement(
  viewport: HTMLElement,
  toast: HTMLElement,
  onTop: (top: number | null) => void,
): () => void {
  let room: HTMLElement | null = null;
  let last: number | null | undefined;
  const apply = (top: number | null) => {
    if (top === last) return;
    last = top;
    if (top === null) {
      viewport.style.removeProperty('top');
      viewport.style.removeProperty('bottom');
    } else {
      viewport.style.top = `${top}px`;
      viewport.style.bottom = 'auto';
    }
    onTop(top);
  };
  const place = () => {
    const preferBottom = window.matchMedia('(min-width: 600px)').matches;
    const margin = preferBottom ? 24 : 12;
    const { left, right } = viewport.getBoundingClientRect();
    const dialog = topDialog();
    const input = () => ({
      viewportHeight: window.innerHeight,
      left,
      right,
      height: toast.offsetHeight,
      preferBottom,
      margin,
      avoid: boxesToAvoid(dialog),
    });
    let placement = input();
    if (freeToastTop(placement) === undefined && !room) {
      room = dialog?.querySelector<HTMLElement>('[data-toast-room]') ?? null;
      room?.style.setProperty(TOAST_ROOM_VAR, `${placement.height + 2 * margin}px`);
      if (room) placement = input();
    }
    apply(toastTop(placement));
  };
  let frame = 0;
  const everyFrame = () => {
    place();
    frame = requestAnimationFrame(everyFrame);
  };
  window.addEventListener('resize', place);
  // a scrolled page or list moves what is kept clear: placed again before that scroll is painted
  window.addEventListener('scroll', place, { capture: true, passive: true });
  // React can commit after this frame's placement and before its paint (RTK's store notifies in a
  // requestAnimationFrame callback, and react-redux renders that at once): placed again right after
  // any change to the page, in the microtask that follows it, so before that frame is painted.
  const changes = new MutationObserver(place);
  changes.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  everyFrame();
  return () => {
    cancelAnimationFrame(frame);
    changes.disconnect();
    window.removeEventListener('resize', place);
    window.removeEventListener('scroll', place, { capture: true });
    room?.style.removeProperty(TOAST_ROOM_VAR);
  };
}
