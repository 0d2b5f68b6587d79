import type { ContactFormResult } from '@contract';
import { api } from '../../lib/api';
import type { ContactMessage } from '../../lib/api-types';

export const storefrontApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ message: string }, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
    /**
     * The answer to the contact form posted without JavaScript, in the page the server rendered
     * with it (src/modules/contact/contact.routes.ts); null on a page that was not such an answer.
     */
    contactForm: build.query<ContactFormResult | null, void>({
      queryFn: () => ({ data: null }),
    }),
  }),
});

export const { useSendContactMessageMutation, useContactFormQuery } = storefrontApi;
