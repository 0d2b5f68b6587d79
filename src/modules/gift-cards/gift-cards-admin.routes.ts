import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  adjustGiftCardSchema,
  giftCardDetailSchema,
  giftCardListQuerySchema,
  giftCardListSchema,
  giftCardRecipientChangeSchema,
  giftCardResendSchema,
  giftCardSettingsInputSchema,
  giftCardSettingsSchema,
  issueGiftCardSchema,
  issuedGiftCardSchema,
  voidGiftCardSchema,
} from '../../contract';
import type { GiftCardsAdminService } from './gift-cards-admin.service';

// The owner's gift cards (issue 47): settings, the list, a card's ledger and what she does to it.
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const plain = (what: string) => ({ plain: `Invalid ${what}` });
const card = { id: 'gift card id' };

export const giftCardsAdminEndpoints = {
  // before /:id, so "settings" is never taken for an id
  settings: {
    ...admin,
    method: 'GET',
    path: '/api/admin/gift-cards/settings',
    answer: giftCardSettingsSchema,
    contract: 'GET/PUT /api/admin/gift-cards/settings',
  },
  saveSettings: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/gift-cards/settings',
    body: giftCardSettingsInputSchema,
    invalid: plain('settings'),
    answer: giftCardSettingsSchema,
    contract: 'GET/PUT /api/admin/gift-cards/settings',
  },
  list: {
    ...admin,
    method: 'GET',
    path: '/api/admin/gift-cards',
    query: giftCardListQuerySchema,
    invalid: plain('page'),
    answer: giftCardListSchema,
    contract: 'GET /api/admin/gift-cards[?page=N]',
  },
  issue: {
    ...admin,
    method: 'POST',
    path: '/api/admin/gift-cards',
    body: issueGiftCardSchema,
    invalid: plain('gift card'),
    answer: issuedGiftCardSchema,
    contract: 'POST /api/admin/gift-cards',
  },
  detail: {
    ...admin,
    method: 'GET',
    path: '/api/admin/gift-cards/:id',
    params: card,
    answer: giftCardDetailSchema,
    contract: 'GET /api/admin/gift-cards/{id}',
  },
  adjust: {
    ...admin,
    method: 'POST',
    path: '/api/admin/gift-cards/:id/adjust',
    params: card,
    body: adjustGiftCardSchema,
    invalid: plain('adjustment'),
    answer: giftCardDetailSchema,
    contract: 'POST /api/admin/gift-cards/{id}/adjust',
  },
  void: {
    ...admin,
    method: 'POST',
    path: '/api/admin/gift-cards/:id/void',
    params: card,
    body: voidGiftCardSchema,
    invalid: plain('reason'),
    answer: giftCardDetailSchema,
    contract: 'POST /api/admin/gift-cards/{id}/void',
  },
  resend: {
    ...admin,
    method: 'POST',
    path: '/api/admin/gift-cards/:id/resend',
    params: card,
    body: 'none',
    answer: giftCardResendSchema,
    contract: 'POST /api/admin/gift-cards/{id}/resend',
  },
  recipient: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/gift-cards/:id/recipient',
    params: card,
    body: giftCardRecipientChangeSchema,
    invalid: plain('recipient'),
    answer: giftCardDetailSchema,
    contract: 'PUT /api/admin/gift-cards/{id}/recipient',
  },
} satisfies Record<string, EndpointSpec>;

export function createGiftCardsAdminRoutes(service: GiftCardsAdminService) {
  return bindEndpoints(giftCardsAdminEndpoints, {
    settings: async (_req, res) => void res.json(await service.settings()),
    saveSettings: async (_req, res, { body }) => void res.json(await service.saveSettings(body)),
    list: async (_req, res, { query }) => void res.json(await service.list(query.page)),
    issue: async (_req, res, { body }) => void res.status(201).json(await service.issue(body)),
    detail: async (_req, res, { params }) => void res.json(await service.detail(params.id)),
    adjust: async (_req, res, { params, body }) => void res.json(await service.adjust(params.id, body)),
    void: async (_req, res, { params, body }) => void res.json(await service.void(params.id, body.reason)),
    resend: async (_req, res, { params }) => void res.status(202).json(await service.resend(params.id)),
    recipient: async (_req, res, { params, body }) =>
      void res.json(await service.changeRecipient(params.id, body)),
  });
}
