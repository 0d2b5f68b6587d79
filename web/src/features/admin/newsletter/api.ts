import type { NewsletterCampaign, NewsletterSubscriberList } from '@contract';
import { api } from '../../../lib/api';

export type { NewsletterCampaign, NewsletterSubscriber, NewsletterSubscriberList } from '@contract';

export type CampaignList = { campaigns: NewsletterCampaign[]; ownerEmail: string | null };
export type CampaignDraft = { subject: string; html: string };
export type CampaignPreview = { subject: string; html: string; text: string };

// 'Newsletter' is this screen's own tag: every change refetches the campaigns and subscribers.
export const newsletterAdminApi = api.enhanceEndpoints({ addTagTypes: ['Newsletter'] }).injectEndpoints({
  endpoints: (build) => ({
    getCampaigns: build.query<CampaignList, void>({
      query: () => ({ url: '/admin/newsletter/campaigns', cache: 'no-store' }),
      providesTags: ['Newsletter'],
    }),
    createCampaign: build.mutation<NewsletterCampaign, CampaignDraft>({
      query: (body) => ({ url: '/admin/newsletter/campaigns', method: 'POST', body }),
      invalidatesTags: ['Newsletter'],
    }),
    updateCampaign: build.mutation<NewsletterCampaign, CampaignDraft & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/newsletter/campaigns/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Newsletter'],
    }),
    deleteCampaign: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/admin/newsletter/campaigns/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Newsletter'],
    }),
    getPreview: build.query<CampaignPreview, number>({
      query: (id) => ({ url: `/admin/newsletter/campaigns/${id}/preview`, cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
    sendTest: build.mutation<{ message: string }, { id: number; to: string }>({
      query: ({ id, to }) => ({
        url: `/admin/newsletter/campaigns/${id}/test`,
        method: 'POST',
        body: { to },
      }),
    }),
    sendCampaign: build.mutation<NewsletterCampaign, { id: number; ratePerHour: string }>({
      query: ({ id, ratePerHour }) => ({
        url: `/admin/newsletter/campaigns/${id}/send`,
        method: 'POST',
        body: { ratePerHour },
      }),
      invalidatesTags: ['Newsletter'],
    }),
    getSubscribers: build.query<NewsletterSubscriberList, number>({
      query: (page) => ({ url: `/admin/newsletter/subscribers?page=${page}`, cache: 'no-store' }),
      providesTags: ['Newsletter'],
    }),
    deleteSubscriber: build.mutation<{ message: string }, { id: number; suppress: boolean }>({
      query: ({ id, suppress }) => ({
        url: `/admin/newsletter/subscribers/${id}?suppress=${suppress}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Newsletter'],
    }),
  }),
});

export const {
  useGetCampaignsQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useLazyGetPreviewQuery,
  useSendTestMutation,
  useSendCampaignMutation,
  useGetSubscribersQuery,
  useDeleteSubscriberMutation,
} = newsletterAdminApi;

/** The subscribers as CSV: a plain download (her session's cookie goes with it). */
export const SUBSCRIBERS_CSV_URL = '/api/admin/newsletter/subscribers.csv';
