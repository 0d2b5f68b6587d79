import { lazy, Suspense, useState } from 'react';
import { useCartState } from './cart-store';

// The panel stays out of the page's first script until first opened.
const CartPanel = lazy(() => import('./cart-panel'));

/** Loads and shows the cart panel whenever the cart store opens it (the header holds it). */
export function CartPanelHost() {
  const { open } = useCartState();
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}
