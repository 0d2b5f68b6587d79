import { api } from './api';
import type { AboutContent, Faq, Logo, ShippingNotice, Site } from './api-types';

/** The public content reads: the storefront shows them and the admin edits what they answer. */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<Site, void>({
      query: () => '/site',
      providesTags: ['Site'],
    }),
    getLogo: build.query<Logo, void>({
      query: () => '/logo',
      providesTags: ['Logo'],
    }),
    getAbout: build.query<AboutContent, void>({
      query: () => '/about',
      providesTags: ['About'],
    }),
    getFaqs: build.query<Faq[], void>({
      query: () => '/faqs',
      providesTags: ['Faqs'],
    }),
    getShippingNotice: build.query<ShippingNotice, void>({
      query: () => '/shipping-notice',
      providesTags: ['ShippingNotice'],
    }),
  }),
});

export const {
  useGetSiteQuery,
  useGetLogoQuery,
  useGetAboutQuery,
  useGetFaqsQuery,
  useGetShippingNoticeQuery,
} = contentApi;

/** A shipping notice shows only when isActive is true and line1 is present. */
export function activeNoticeLines(notice: ShippingNotice | undefined): string[] | null {
  if (!notice?.isActive || !notice.line1?.trim()) return null;
  return [notice.line1, notice.line2].filter((line): line is string => Boolean(line?.trim()));
}
