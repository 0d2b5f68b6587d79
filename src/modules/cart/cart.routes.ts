import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { saveSession } from '../../platform/http/session';
import type { CartService } from './cart.service';
import {
  addGiftCardSchema,
  addLicenceToCartSchema,
  addToCartSchema,
  cartSchema,
  updateCartLineSchema,
} from '../../contract';

// The visitor's session holds only the cart id (req.session.cartId).
const cart = { auth: 'public', session: true, cache: 'no-store', answer: cartSchema } as const;

export const cartEndpoints = {
  getCart: { ...cart, method: 'GET', path: '/api/cart', contract: 'GET /api/cart' },
  addToCart: {
    ...cart,
    method: 'POST',
    path: '/api/cart',
    body: addToCartSchema,
    invalid: 'cart item',
    contract: 'POST /api/cart',
  },
  addLicenceToCart: {
    ...cart,
    method: 'POST',
    path: '/api/cart/licences',
    body: addLicenceToCartSchema,
    invalid: 'licence',
    contract: 'POST /api/cart/licences',
  },
  addGiftCardToCart: {
    ...cart,
    method: 'POST',
    path: '/api/cart/gift-cards',
    body: addGiftCardSchema,
    invalid: 'gift card',
    contract: 'POST /api/cart/gift-cards',
  },
  setQuantity: {
    ...cart,
    method: 'PUT',
    path: '/api/cart/:id',
    params: { id: 'id' },
    body: updateCartLineSchema,
    invalid: 'quantity',
    contract: 'PUT /api/cart/{id}',
  },
  removeLine: {
    ...cart,
    method: 'DELETE',
    path: '/api/cart/:id',
    params: { id: 'id' },
    contract: 'DELETE /api/cart/{id}',
  },
  clearCart: { ...cart, method: 'DELETE', path: '/api/cart', contract: 'DELETE /api/cart' },
} satisfies Record<string, EndpointSpec>;

export function createCartRoutes(service: CartService) {
  return bindEndpoints(cartEndpoints, {
    // Reading never creates a session: without a cart id the answer is simply an empty cart.
    getCart: async (req, res) => {
      res.json(await service.getCart(req.session?.cartId));
    },
    addToCart: async (req, res, { body }) => {
      const { cartId, cart } = await service.addItem(req.session.cartId, body);
      if (req.session.cartId !== cartId) {
        req.session.cartId = cartId;
        await saveSession(req); // no 201 for a line the visitor's session cannot find again
      }
      res.status(201).json(cart);
    },
    addLicenceToCart: async (req, res, { body }) => {
      const { cartId, cart } = await service.addLicence(req.session.cartId, body);
      if (req.session.cartId !== cartId) {
        req.session.cartId = cartId;
        await saveSession(req);
      }
      res.status(201).json(cart);
    },
    addGiftCardToCart: async (req, res, { body }) => {
      const { cartId, cart } = await service.addGiftCard(req.session.cartId, body);
      if (req.session.cartId !== cartId) {
        req.session.cartId = cartId;
        await saveSession(req);
      }
      res.status(201).json(cart);
    },
    setQuantity: async (req, res, { params, body }) => {
      res.json(await service.updateQuantity(req.session?.cartId, params.id, body.quantity));
    },
    removeLine: async (req, res, { params }) => {
      res.json(await service.removeItem(req.session?.cartId, params.id));
    },
    clearCart: async (req, res) => {
      res.json(await service.clear(req.session?.cartId));
    },
  });
}
