import { createRouter } from '../../platform/http/async-route';
import { noStore } from '../../platform/http/guards';
import { saveSession } from '../../platform/http/session';
import { parse, parseId } from '../../platform/http/validate';
import type { CartService } from './cart.service';
import { addToCartSchema, updateCartLineSchema } from '../../contract';

/** Mounted at /api; the visitor's session holds only the cart id (req.session.cartId). */
export function createCartRoutes(service: CartService) {
  const router = createRouter();

  router.use('/cart', noStore);

  // Reading never creates a session: without a cart id the answer is simply an empty cart.
  router.get('/cart', async (req, res) => {
    res.json(await service.getCart(req.session?.cartId));
  });

  router.post('/cart', async (req, res) => {
    const input = parse(addToCartSchema, req.body, 'cart item');
    const { cartId, cart } = await service.addItem(req.session.cartId, input);
    if (req.session.cartId !== cartId) {
      req.session.cartId = cartId;
      await saveSession(req); // no 201 for a line the visitor's session cannot find again
    }
    res.status(201).json(cart);
  });

  router.put('/cart/:id', async (req, res) => {
    const lineId = parseId(req.params.id);
    const { quantity } = parse(updateCartLineSchema, req.body, 'quantity');
    res.json(await service.updateQuantity(req.session?.cartId, lineId, quantity));
  });

  router.delete('/cart/:id', async (req, res) => {
    res.json(await service.removeItem(req.session?.cartId, parseId(req.params.id)));
  });

  router.delete('/cart', async (req, res) => {
    res.json(await service.clear(req.session?.cartId));
  });

  return router;
}
