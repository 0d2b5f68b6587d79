import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useGetSetupChecklistQuery } from '../shared/api';
import { useDismissal } from '../shared/dismissal';

const HIDDEN_KEY = 'wildframe:payments-banner-hidden';

const code = (text: string) => (
  <code style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 }}>
    {text}
  </code>
);

/**
 * Shown on every admin screen while no payment provider is set up (production without Stripe
 * keys, and the test provider not asked for): buyers can not pay. Hidden like the e-mail banner,
 * until a provider is set up (then it is gone anyway).
 */
export function PaymentsBanner() {
  const { data } = useGetSetupChecklistQuery();
  const unset = data !== undefined && data.paymentsProvider === null;
  const { hidden, hide } = useDismissal(HIDDEN_KEY, unset ? 'no-provider' : null);
  if (!unset || hidden) return null;
  return (
    <Alert
      severity="error"
      square
      role="region"
      aria-label="Payments set-up"
      action={
        <Button color="inherit" size="small" onClick={hide} sx={{ whiteSpace: 'nowrap', minWidth: 0 }}>
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
      <AlertTitle>Payments are not set up</AlertTitle>
      Buyers can not pay: checkout has no payment provider. Set {code('STRIPE_SECRET_KEY')},{' '}
      {code('STRIPE_PUBLISHABLE_KEY')} and {code('STRIPE_WEBHOOK_SECRET')} (see &ldquo;Payments&rdquo; in the
      README), then restart the shop.
    </Alert>
  );
}
