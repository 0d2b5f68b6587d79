import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type LoadErrorProps = {
  /** Asks for the data again (an RTK Query refetch). */
  onRetry: () => unknown;
  /** True while the retry is under way: the button waits. */
  retrying?: boolean;
  /** What failed, e.g. 'Failed to load photos.' and the server's message. */
  children: ReactNode;
};

/** The admin's "Failed to load ..." state with its 'Try Again' button. */
export function LoadError({ onRetry, retrying, children }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()} disabled={retrying}>
          Try Again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
