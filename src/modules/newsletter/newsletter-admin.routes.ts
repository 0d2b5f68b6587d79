import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  newsletterCampaignInputSchema,
  newsletterCampaignListSchema,
  newsletterCampaignSchema,
  newsletterDeleteQuerySchema,
  newsletterMessageSchema,
  newsletterPreviewSchema,
  newsletterSendSchema,
  newsletterSubscriberListSchema,
  newsletterSubscriberQuerySchema,
  newsletterTestSchema,
} from '../../contract';
import type { CampaignsService } from './campaigns.service';
import type { SubscriptionsService } from './subscriptions.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const campaign = { id: 'e-mail id' };

export const newsletterAdminEndpoints = {
  campaigns: {
    ...admin,
    method: 'GET',
    path: '/api/admin/newsletter/campaigns',
    answer: newsletterCampaignListSchema,
    contract: 'GET /api/admin/newsletter/campaigns',
  },
  createCampaign: {
    ...admin,
    method: 'POST',
    path: '/api/admin/newsletter/campaigns',
    body: newsletterCampaignInputSchema,
    invalid: { plain: 'Invalid e-mail.' },
    answer: newsletterCampaignSchema,
    contract: 'POST /api/admin/newsletter/campaigns',
  },
  campaign: {
    ...admin,
    method: 'GET',
    path: '/api/admin/newsletter/campaigns/:id',
    params: campaign,
    answer: newsletterCampaignSchema,
    contract: 'GET /api/admin/newsletter/campaigns/{id}',
  },
  updateCampaign: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/newsletter/campaigns/:id',
    params: campaign,
    body: newsletterCampaignInputSchema,
    invalid: { plain: 'Invalid e-mail.' },
    answer: newsletterCampaignSchema,
    contract: 'PUT /api/admin/newsletter/campaigns/{id}',
  },
  deleteCampaign: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/newsletter/campaigns/:id',
    params: campaign,
    answer: newsletterMessageSchema,
    contract: 'DELETE /api/admin/newsletter/campaigns/{id}',
  },
  preview: {
    ...admin,
    method: 'GET',
    path: '/api/admin/newsletter/campaigns/:id/preview',
    params: campaign,
    answer: newsletterPreviewSchema,
    contract: 'GET /api/admin/newsletter/campaigns/{id}/preview',
  },
  sendTest: {
    ...admin,
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/:id/test',
    params: campaign,
    body: newsletterTestSchema,
    invalid: { plain: 'Invalid address.' },
    answer: newsletterMessageSchema,
    contract: 'POST /api/admin/newsletter/campaigns/{id}/test',
  },
  send: {
    ...admin,
    method: 'POST',
    path: '/api/admin/newsletter/campaigns/:id/send',
    params: campaign,
    body: newsletterSendSchema,
    invalid: { plain: 'Invalid rate.' },
    answer: newsletterCampaignSchema,
    contract: 'POST /api/admin/newsletter/campaigns/{id}/send',
  },
  subscribers: {
    ...admin,
    method: 'GET',
    path: '/api/admin/newsletter/subscribers',
    query: newsletterSubscriberQuerySchema,
    invalid: 'page',
    answer: newsletterSubscriberListSchema,
    contract: 'GET /api/admin/newsletter/subscribers[?page=N]',
  },
  exportSubscribers: {
    ...admin,
    method: 'GET',
    path: '/api/admin/newsletter/subscribers.csv',
    answer: 'csv',
    contract: 'GET /api/admin/newsletter/subscribers.csv',
  },
  deleteSubscriber: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/newsletter/subscribers/:id',
    params: { id: 'subscriber id' },
    query: newsletterDeleteQuerySchema,
    invalid: 'request',
    answer: newsletterMessageSchema,
    contract: 'DELETE /api/admin/newsletter/subscribers/{id}[?suppress=false]',
  },
} satisfies Record<string, EndpointSpec>;

/** The owner's newsletter: her "new work" e-mails and the subscribers. */
export function createNewsletterAdminRoutes(
  campaigns: CampaignsService,
  subscriptions: SubscriptionsService,
  ownerEmail: string | null,
) {
  return bindEndpoints(newsletterAdminEndpoints, {
    campaigns: async (_req, res) => void res.json({ campaigns: await campaigns.list(), ownerEmail }),
    createCampaign: async (_req, res, { body }) => void res.status(201).json(await campaigns.create(body)),
    campaign: async (_req, res, { params }) => void res.json(await campaigns.get(params.id)),
    updateCampaign: async (_req, res, { params, body }) =>
      void res.json(await campaigns.update(params.id, body)),
    deleteCampaign: async (_req, res, { params }) => {
      await campaigns.remove(params.id);
      res.json({ message: 'The e-mail was deleted.' });
    },
    preview: async (_req, res, { params }) => void res.json(await campaigns.preview(params.id)),
    sendTest: async (_req, res, { params, body }) => {
      await campaigns.sendTest(params.id, body.to);
      res.status(202).json({ message: `A test was sent to ${body.to}.` });
    },
    send: async (_req, res, { params, body }) =>
      void res.status(202).json(await campaigns.send(params.id, body.ratePerHour)),
    subscribers: async (_req, res, { query }) => void res.json(await subscriptions.list(query.page)),
    exportSubscribers: async (_req, res) => {
      res.set('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
      res.type('text/csv; charset=utf-8').send(await subscriptions.csv());
    },
    deleteSubscriber: async (_req, res, { params, query }) => {
      await subscriptions.remove(params.id, query.suppress === 'true');
      res.json({ message: 'The subscriber was deleted.' });
    },
  });
}
