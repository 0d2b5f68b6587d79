import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { SplitColumns } from '../../components/split-columns';
import { Alert as PlainAlert } from '../../components/ui';

// The checkout page's states besides the form itself (checkout-page.tsx): its heading, the loading
// placeholder, the no-script message and the paid screen.

/** The page's 'Checkout' heading. */
export function CheckoutHeading() {
  return (
    <Typography
      variant="h2"
      component="h1"
      sx={{ fontSize: 'clamp(1.9rem, 2.5vw + 1rem, 2.75rem)', mb: { xs: 2.5, md: 4 } }}
    >
      Checkout
    </Typography>
  );
}

/** What the page shows once paid, until it goes home. `meta` is the page's title and description. */
export function PaymentSuccessful({ meta }: { meta: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      {meta}
      <Stack spacing={2} role="status" sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleOutlineIcon sx={{ fontSize: 64, color: 'primary.main' }} aria-hidden />
        <Typography variant="h3" component="h1">
          Payment Successful
        </Typography>
        <Typography color="text.secondary">Thank you for your purchase!</Typography>
      </Stack>
    </Container>
  );
}

/** Marks the loading placeholder and the no-script message, which the no-script style swaps. */
const LOADING_ATTR = 'data-checkout-loading';
const NO_SCRIPT_ATTR = 'data-checkout-needs-javascript';

export function CheckoutSkeleton() {
  return (
    <Box role="status" {...{ [LOADING_ATTR]: '' }}>
      <span className="visually-hidden">Loading checkout...</span>
      <Box aria-hidden>
        <Skeleton variant="text" sx={{ fontSize: '2.5rem', width: 220, mb: 3 }} />
        <SplitColumns fr={[7, 5]} gap={{ xs: 2.5, md: 5 }} phone="minmax(0, 1fr)">
          <Skeleton variant="rounded" height={120} sx={{ gridColumn: { md: 2 }, gridRow: { md: 1 } }} />
          <Skeleton variant="rounded" height={420} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }} />
        </SplitColumns>
      </Box>
    </Box>
  );
}

/**
 * Without JavaScript the cart and the payment form never load: the server's HTML says so instead
 * of showing the loading placeholder forever. The message is a hidden element that a <noscript>
 * style reveals (text inside <noscript> itself is not in the page for every reader and tool).
 */
export function NeedsJavaScript() {
  return (
    <>
      <noscript>
        <style>{`[${LOADING_ATTR}]{display:none}[${NO_SCRIPT_ATTR}]{display:block!important}`}</style>
      </noscript>
      <div className="container" style={{ display: 'none', paddingBlock: 24 }} {...{ [NO_SCRIPT_ATTR]: '' }}>
        <PlainAlert severity="warning" role="note" title="Checkout needs JavaScript">
          Please turn on JavaScript in your browser to check out. Your cart is kept until you come back.
        </PlainAlert>
      </div>
    </>
  );
}
