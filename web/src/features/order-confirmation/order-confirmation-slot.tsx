import { lazy, Suspense, useEffect, useState } from 'react';
import { takeConfirmation, type OrderConfirmation } from './confirmation-handoff';

// The card's code and CSS load only when there is a confirmation to show: the home page's first
// load carries this slot and the handoff reader, nothing more.
const ConfirmationCard = lazy(() => import('./order-confirmation'));

/**
 * Where `/` shows the confirmation of a payment just made. Nothing in the server's HTML or during
 * hydration (the storage is read in an effect), so the page renders and hydrates as before.
 */
export function OrderConfirmationSlot({ className }: { className?: string }) {
  const [confirmation, setConfirmation] = useState<OrderConfirmation | null>(null);
  useEffect(() => {
    const taken = takeConfirmation();
    if (taken) setConfirmation(taken);
  }, []);
  if (!confirmation) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmationCard
        confirmation={confirmation}
        className={className}
        onDismiss={() => setConfirmation(null)}
      />
    </Suspense>
  );
}
