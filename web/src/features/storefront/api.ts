import { api } from '../../lib/api';
import type { ContactMessage } from '../../lib/api-types';

export const storefrontApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ message: string }, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = storefrontApi;
