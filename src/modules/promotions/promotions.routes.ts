import { z } from 'zod';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  promotionInputSchema,
  promotionListSchema,
  promotionPauseSchema,
  promotionViewSchema,
} from '../../contract';
import type { PromotionsService } from './promotions.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const promotionId = { id: 'promotion id' };
const writes = 'POST/PUT/PATCH/DELETE /api/admin/promotions[/{id}]';

export const promotionsEndpoints = {
  listPromotions: {
    ...admin,
    method: 'GET',
    path: '/api/admin/promotions',
    answer: promotionListSchema,
    contract: 'GET /api/admin/promotions',
  },
  createPromotion: {
    ...admin,
    method: 'POST',
    path: '/api/admin/promotions',
    body: promotionInputSchema,
    invalid: 'promotion code',
    answer: promotionViewSchema,
    contract: writes,
  },
  updatePromotion: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/promotions/:id',
    params: promotionId,
    body: promotionInputSchema,
    invalid: 'promotion code',
    answer: promotionViewSchema,
    contract: writes,
  },
  pausePromotion: {
    ...admin,
    method: 'PATCH',
    path: '/api/admin/promotions/:id',
    params: promotionId,
    body: promotionPauseSchema,
    invalid: 'promotion code',
    answer: promotionViewSchema,
    contract: writes,
  },
  deletePromotion: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/promotions/:id',
    params: promotionId,
    answer: z.object({ message: z.string() }),
    contract: writes,
  },
} satisfies Record<string, EndpointSpec>;

/** The owner's promotion codes. */
export function createPromotionsRoutes(service: PromotionsService) {
  return bindEndpoints(promotionsEndpoints, {
    listPromotions: async (_req, res) => {
      res.json(await service.list());
    },
    createPromotion: async (_req, res, { body }) => {
      res.status(201).json(await service.create(body));
    },
    updatePromotion: async (_req, res, { params, body }) => {
      res.json(await service.update(params.id, body));
    },
    pausePromotion: async (_req, res, { params, body }) => {
      res.json(await service.setPaused(params.id, body.paused));
    },
    deletePromotion: async (_req, res, { params }) => {
      res.json(await service.remove(params.id));
    },
  });
}
