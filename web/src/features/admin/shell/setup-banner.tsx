import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** A setting's name as the owner types it. */
export const code = (text: string) => (
  <code style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 }}>
    {text}
  </code>
);

/** The frame of a set-up banner across the top of every admin screen (e-mail, payments), with its 'Hide'. */
export function SetupBanner({
  severity,
  label,
  title,
  onHide,
  children,
}: {
  severity: 'warning' | 'error';
  label: string;
  title: string;
  onHide: () => void;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      square
      role="region"
      aria-label={label}
      action={
        <Button color="inherit" size="small" onClick={onHide} sx={{ whiteSpace: 'nowrap', minWidth: 0 }}>
          Hide
        </Button>
      }
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 0.5, sm: 1 },
        overflowWrap: 'anywhere',
        '& .MuiAlert-icon': { mr: { xs: 1, sm: 1.5 } },
        '& .MuiAlert-action': { pl: 1, mr: 0 },
      }}
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
