import { useGetSetupChecklistQuery } from '../shared/api';
import { useDismissal } from '../shared/dismissal';
import { code, SetupBanner } from './setup-banner';

const HIDDEN_KEY = 'wildframe:payments-banner-hidden';

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
    <SetupBanner severity="error" label="Payments set-up" title="Payments are not set up" onHide={hide}>
      Buyers can not pay: checkout has no payment provider. Set {code('STRIPE_SECRET_KEY')},{' '}
      {code('STRIPE_PUBLISHABLE_KEY')} and {code('STRIPE_WEBHOOK_SECRET')} (see &ldquo;Payments&rdquo; in the
      README), then restart the shop.
    </SetupBanner>
  );
}
