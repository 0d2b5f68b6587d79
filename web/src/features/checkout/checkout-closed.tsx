import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { ClosedShopNotice } from '../../components/closed-shop-notice';
import { ButtonLink } from '../../components/ui';
import { CheckoutHeading } from './checkout-views';

/**
 * /checkout while the shop takes no orders, cart or not. Rendered by the server as it is: no cart,
 * form or script needed to say it. `meta` is the page's title and description.
 */
export function ClosedCheckout({ meta }: { meta: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 7 } }}>
      {meta}
      <CheckoutHeading />
      <ClosedShopNotice />
      <Box sx={{ mt: 3 }}>
        <ButtonLink to="/portfolio" variant="outlined">
          Browse the Portfolio
        </ButtonLink>
      </Box>
    </Container>
  );
}
