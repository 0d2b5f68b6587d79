export {
  storefrontApi,
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
  useSite,
  activeNoticeLines,
  SITE_FALLBACK,
} from './api';
export { TAGLINE } from './constants';
export { ShippingNoticeBanner } from './shipping-notice-banner';
export { pageTitle } from './page-title';
