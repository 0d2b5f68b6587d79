import { api } from '../../../lib/api';
import type { ShippingNotice } from '../../../lib/api-types';

export type ShippingNoticeInput = { line1: string; line2?: string; isActive: boolean };

export const shippingNoticeAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveShippingNotice: build.mutation<ShippingNotice, ShippingNoticeInput>({
      query: (body) => ({ url: '/admin/shipping-notice', method: 'POST', body }),
      invalidatesTags: ['ShippingNotice'],
    }),
  }),
});

export const { useSaveShippingNoticeMutation } = shippingNoticeAdminApi;
