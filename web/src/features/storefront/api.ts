import { api } from '../../app/api';
import type {
  AboutContent,
  Category,
  ContactMessage,
  Faq,
  Logo,
  PhotoDetail,
  PhotoSummary,
  PrintOption,
  ShippingNotice,
  Site,
} from '../../app/api-types';

/** Featured photos may change while a visitor browses: they are the one read kept fresh for 5 minutes. */
export const FEATURED_MAX_AGE_S = 300;

export const storefrontApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<Site, void>({
      query: () => '/site',
      providesTags: ['Site'],
    }),
    getLogo: build.query<Logo, void>({
      query: () => '/logo',
      providesTags: ['Logo'],
    }),
    getPhotos: build.query<PhotoSummary[], { featured?: boolean; category?: string } | void>({
      query: (filter) => {
        const params = new URLSearchParams();
        if (filter?.featured) params.set('featured', 'true');
        if (filter?.category) params.set('category', filter.category);
        const search = params.toString();
        return search ? `/photos?${search}` : '/photos';
      },
      providesTags: (photos) => [
        'Photos',
        ...(photos ?? []).map((photo) => ({ type: 'Photo' as const, id: photo.id })),
      ],
    }),
    getPhoto: build.query<PhotoDetail, number>({
      query: (id) => `/photos/${id}`,
      providesTags: (_photo, _error, id) => [{ type: 'Photo', id }],
    }),
    getPhotoItemOptions: build.query<PrintOption[], number>({
      query: (id) => `/photos/${id}/item-options`,
      providesTags: (_options, _error, id) => ['ItemOptions', { type: 'Photo', id }],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      providesTags: ['Categories'],
    }),
    getItemOptions: build.query<PrintOption[], void>({
      query: () => '/item-options',
      providesTags: ['ItemOptions'],
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
    sendContactMessage: build.mutation<{ message: string }, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetSiteQuery,
  useGetLogoQuery,
  useGetPhotosQuery,
  useGetPhotoQuery,
  useGetPhotoItemOptionsQuery,
  useGetCategoriesQuery,
  useGetItemOptionsQuery,
  useGetAboutQuery,
  useGetFaqsQuery,
  useGetShippingNoticeQuery,
  useSendContactMessageMutation,
} = storefrontApi;

/** Site name and photographer while /api/site loads or when it fails. */
export const SITE_FALLBACK = { siteName: 'Wildframe', photographerName: 'Wildframe' } as const;

export function useSite() {
  const { data } = useGetSiteQuery();
  return {
    siteName: data?.siteName || SITE_FALLBACK.siteName,
    photographerName: data?.photographerName || SITE_FALLBACK.photographerName,
    loaded: Boolean(data),
  };
}

/** A shipping notice shows only when isActive is true and line1 is present. */
export function activeNoticeLines(notice: ShippingNotice | undefined): string[] | null {
  if (!notice?.isActive || !notice.line1?.trim()) return null;
  return [notice.line1, notice.line2].filter((line): line is string => Boolean(line?.trim()));
}
