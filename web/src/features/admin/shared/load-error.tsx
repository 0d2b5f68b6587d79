import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { errorMessage } from '../../../lib/api';

type LoadErrorProps = {
  /** Asks for the data again (an RTK Query refetch). */
  onRetry: () => unknown;
  /** True while the retry is under way: the button waits. */
  retrying?: boolean;
} & (
  | {
      /** What failed, e.g. 'Failed to load photos.' and the server's message. */
      children: ReactNode;
    }
  | {
      /** What could not be loaded, for "Failed to load <what>. <the server's message>". */
      what: string;
      error: unknown;
    }
);

/** The admin's "Failed to load ..." state with its 'Try Again' button. */
export function LoadError({ onRetry, retrying, ...failure }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()} disabled={retrying}>
          Try Again
        </Button>
      }
    >
      {'what' in failure
        ? `Failed to load ${failure.what}. ${errorMessage(failure.error)}`
        : failure.children}
    </Alert>
  );
}

/**
 * A settings query's three states in one place: a placeholder while it loads, the 'Failed to load'
 * state with its retry, then the form with the data.
 */
export function Loaded<T>({
  query,
  what,
  placeholderHeight,
  children,
}: {
  query: { data?: T; isLoading: boolean; error?: unknown; isFetching: boolean; refetch: () => unknown };
  what: string;
  placeholderHeight: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading)
    return <Skeleton variant="rounded" height={placeholderHeight} aria-label={`Loading ${what}`} />;
  if (!query.data)
    return <LoadError onRetry={query.refetch} retrying={query.isFetching} what={what} error={query.error} />;
  return <>{children(query.data)}</>;
}
