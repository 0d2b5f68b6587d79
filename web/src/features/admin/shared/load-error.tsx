import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
