import type { InboxMessage, InboxPage } from '@contract';
import { api } from '../../../lib/api';

export type { InboxMessage, InboxPage };

// 'Messages' is this feature's own tag: marking a message read refetches the list and the admin
// bar's badge (shell/api.ts).
export const messagesAdminApi = api.enhanceEndpoints({ addTagTypes: ['Messages'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The owner's inbox, newest first; `before` is the last id shown, for the next page. */
    getAdminMessages: build.query<InboxPage, { before?: number } | void>({
      query: (arg) => (arg?.before ? `/admin/messages?before=${arg.before}` : '/admin/messages'),
      providesTags: ['Messages'],
      keepUnusedDataFor: 0,
    }),
    setMessageRead: build.mutation<InboxMessage, { id: number; read: boolean }>({
      query: ({ id, read }) => ({ url: `/admin/messages/${id}`, method: 'PATCH', body: { read } }),
      invalidatesTags: ['Messages'],
    }),
  }),
});

export const { useGetAdminMessagesQuery, useSetMessageReadMutation } = messagesAdminApi;
