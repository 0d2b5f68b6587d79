import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { ToastContext, type ToastOptions } from './toast-context';
import { TOAST_DURATION_MS, TOAST_HOTKEY, isDismissSwipe, swipeOffset } from './toast-timing';

type ActiveToast = Required<Pick<ToastOptions, 'title' | 'variant'>> & {
  id: number;
  description?: string;
  open: boolean;
};

const EXIT_MS = 200;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const nextId = useRef(1);
  const swipeStart = useRef<number | null>(null);
  const viewportRef = useRef<HTMLElement>(null);

  const toast = useCallback((options: ToastOptions) => {
    setOffset(0);
    setCurrent({
      id: nextId.current++,
      title: options.title,
      description: options.description,
      variant: options.variant ?? 'default',
      open: true,
    });
  }, []);

  const dismiss = useCallback(() => {
    setCurrent((value) => (value ? { ...value, open: false } : value));
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
      setCurrent((value) => (value?.id === closedId ? null : value));
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

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
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
  const visible = current?.open ?? false;

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <Box
        component="section"
        ref={viewportRef}
        tabIndex={-1}
        aria-label={`Notifications (${TOAST_HOTKEY})`}
        sx={{
          position: 'fixed',
          zIndex: (theme) => theme.zIndex.snackbar,
          // Phones: top; larger screens: bottom left, clear of the cart panel's checkout buttons.
          top: { xs: 12, sm: 'auto' },
          bottom: { xs: 'auto', sm: 24 },
          left: { xs: 12, sm: 24 },
          right: { xs: 12, sm: 'auto' },
          width: { sm: 380 },
          outline: 'none',
          pointerEvents: current ? 'auto' : 'none',
        }}
      >
        <Box component="ol" aria-live="polite" aria-atomic="true" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {current && (
            <Box
              component="li"
              key={current.id}
              role={destructive ? 'alert' : 'status'}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              onMouseEnter={() => setPaused(true)}
              onMouseLeave={() => setPaused(false)}
              onFocus={() => setPaused(true)}
              onBlur={() => setPaused(false)}
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1,
                p: 2,
                pr: 1,
                borderRadius: 2,
                boxShadow: '0 12px 32px rgba(20, 30, 25, 0.22)',
                bgcolor: destructive ? 'error.main' : 'background.paper',
                color: destructive ? '#fff' : 'text.primary',
                borderLeft: destructive ? 'none' : '4px solid',
                borderLeftColor: 'primary.main',
                touchAction: 'pan-y',
                userSelect: 'none',
                transform: `translateX(${visible ? offset : 24}px)`,
                opacity: visible ? 1 : 0,
                transition: dragging ? 'none' : `transform ${EXIT_MS}ms ease, opacity ${EXIT_MS}ms ease`,
                '@starting-style': { opacity: 0, transform: 'translateY(12px)' },
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0, py: 0.25 }}>
                <Typography sx={{ fontWeight: 700, lineHeight: 1.4 }}>{current.title}</Typography>
                {current.description && (
                  <Typography variant="body2" sx={{ mt: 0.25, opacity: destructive ? 0.95 : 1 }}>
                    {current.description}
                  </Typography>
                )}
              </Box>
              <IconButton
                aria-label="Dismiss notification"
                size="small"
                onClick={dismiss}
                sx={{ color: 'inherit', mt: -0.25 }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          )}
        </Box>
      </Box>
    </ToastContext.Provider>
  );
}
