import type { ContactFormResult } from '@contract';
import { api } from '../../lib/api';

export const storefrontApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The answer to the contact form posted without JavaScript, in the page the server rendered
     * with it (src/modules/contact/contact.routes.ts); null on a page that was not such an answer.
     */
    contactForm: build.query<ContactFormResult | null, void>({
      queryFn: () => ({ data: null }),
    }),
  }),
});

export const { useContactFormQuery } = storefrontApi;
