import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectCartOpen } from './cart-ui-slice';

// The panel stays out of the initial storefront JS until first opened.
const CartPanel = lazy(() => import('./cart-panel'));

/** Mount once in the layout: loads and shows the cart panel whenever the cartUi slice opens it. */
export function CartPanelHost() {
  const open = useSelector(selectCartOpen);
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}
