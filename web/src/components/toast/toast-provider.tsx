import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, cx, IconButton } from '../ui';
import { defineIsland } from '../../islands/island';
import { setCurrentToast, useCurrentToast } from './toast-context';
import { TOAST_DURATION_MS, TOAST_HOTKEY, isDismissSwipe, swipeOffset } from './toast-timing';
import styles from './toast-provider.module.css';

const EXIT_MS = 200;

type Placement = typeof import('./toast-placement');
/** The placement code once loaded: later toasts are placed in the same frame they mount in. */
let placementModule: Placement | null = null;

/**
 * Keeps the open toast off the dialog's title, close button, actions and marked content and off
 * the page header and marked content (toast-placement.ts) and answers its top edge (null: where
 * its CSS puts it). That code loads with the first toast, so a storefront visit that shows none
 * carries none of it; until it has placed the toast, the toast stays transparent. Once loaded, a
 * toast (or the toast moved into a dialog that opened) is placed before the browser paints it.
 */
function useToastTop(
  toastId: number | null,
  host: HTMLDialogElement | null,
  viewportRef: RefObject<HTMLElement | null>,
  toastRef: RefObject<HTMLDivElement | null>,
): { top: number | null; placed: boolean } {
  const [top, setTop] = useState<number | null>(null);
  const [placed, setPlaced] = useState(false);
  useLayoutEffect(() => {
    if (toastId === null) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const watch = ({ watchToastPlacement }: Placement) => {
      if (cancelled || !viewportRef.current || !toastRef.current) return;
      stop = watchToastPlacement(viewportRef.current, toastRef.current, (value) => {
        setTop(value);
        setPlaced(true);
      });
    };
    if (placementModule) watch(placementModule);
    else
      import('./toast-placement')
        .then((module) => {
          placementModule = module;
          watch(module);
        })
        // Offline before the chunk was cached: the toast shows where its CSS puts it.
        .catch(() => !cancelled && setPlaced(true));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [toastId, host, viewportRef, toastRef]);
  return { top, placed };
}

/** The open modal <dialog> on top (cart, menu, viewer), if any. */
function topModalDialog(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll('dialog[open]')].filter((dialog) => dialog.matches(':modal'));
  return (open.at(-1) as HTMLDialogElement | undefined) ?? null;
}

/**
 * A modal <dialog> sits in the top layer and makes the rest of the page inert: toasts then show
 * inside it, or they would be hidden behind its backdrop and silent to screen readers.
 */
function useToastHost(): HTMLDialogElement | null {
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    let cancelled = false;
    const update = () => {
      const dialog = topModalDialog();
      if (!dialog) {
        setHost(null);
        return;
      }
      // While it slides in, the dialog is the containing block of fixed elements: wait until it settles.
      const settled = dialog.getAnimations().map((animation) => animation.finished.catch(() => undefined));
      void Promise.all(settled).then(() => {
        if (!cancelled && topModalDialog() === dialog) setHost(dialog);
      });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributeFilter: ['open'] });
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);
  return host;
}

/**
 * The app's children with the toaster beside them: an island, so a storefront page hydrates the
 * toaster the server drew (its live regions are in the page before any toast).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterIsland />
    </>
  );
}

/** Shows the toast of toast-context.ts: one at a time, closed after a while, by a swipe or its button. */
export default function Toaster() {
  const current = useCurrentToast();
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const viewportRef = useRef<HTMLElement>(null);
  const toastRef = useRef<HTMLDivElement>(null);
  const host = useToastHost();

  // a new toast starts where its CSS puts it, not where the last one was swiped to
  const [shownId, setShownId] = useState(current?.id);
  if (current?.id !== shownId) {
    setShownId(current?.id);
    setOffset(0);
  }

  const dismiss = useCallback(() => {
    setCurrentToast((value) => (value ? { ...value, open: false } : value));
  }, []);

  // Auto-close; hovering or focusing the toast pauses the countdown so it can be read.
  const currentId = current?.open ? current.id : null;
  useEffect(() => {
    if (currentId === null || paused) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [currentId, paused, dismiss]);

  // After the exit transition the closed toast leaves the DOM.
  const closedId = current && !current.open ? current.id : null;
  useEffect(() => {
    if (closedId === null) return;
    const timer = window.setTimeout(() => {
      setCurrentToast((value) => (value?.id === closedId ? null : value));
      setOffset(0);
      setPaused(false);
    }, EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [closedId]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) viewportRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current !== null) setOffset(swipeOffset(swipeStart.current, event.clientX));
  };
  const onPointerEnd = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    setDragging(false);
    setPaused(false);
    if (isDismissSwipe(offset)) {
      setOffset(window.innerWidth);
      dismiss();
    } else {
      setOffset(0);
    }
  };

  const destructive = current?.variant === 'destructive';
  const { top, placed } = useToastTop(current?.id ?? null, host, viewportRef, toastRef);
  const visible = (current?.open ?? false) && placed;

  const card = current && (
    <div
      key={current.id}
      ref={toastRef}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cx(
        styles.toast,
        destructive && styles.destructive,
        visible && styles.visible,
        dragging && styles.dragging,
      )}
      style={{ '--toast-offset': `${offset}px` } as CSSProperties}
    >
      <div className={styles.text}>
        <p className={styles.title}>{current.title}</p>
        {current.description && <p className={cx('t-body2', styles.description)}>{current.description}</p>}
      </div>
      <IconButton aria-label="Dismiss notification" size="small" onClick={dismiss} className={styles.close}>
        <CloseIcon size="1.25rem" />
      </IconButton>
    </div>
  );

  const viewport = (
    <section
      ref={viewportRef}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      className={cx(styles.viewport, current && styles.active)}
      style={top === null ? undefined : { top, bottom: 'auto' }}
    >
      {/*
        Two live regions, always in the page (one that appears along with its text is often not
        announced): an error interrupts, anything else waits for a pause. The card itself has no
        role, so one toast is one announcement.
      */}
      <div role="status">{!destructive && card}</div>
      <div role="alert">{destructive && card}</div>
    </section>
  );

  return host ? createPortal(viewport, host) : viewport;
}

const ToasterIsland = defineIsland('toaster', Toaster);
