import type { InboxMessage, InboxPage, MailStatus, UnreadCount } from '@contract';
import { api } from '../../../lib/api';

export type { InboxMessage, InboxPage, MailStatus };

/** How often the admin bar asks for the unread count while the admin is open. */
const UNREAD_POLL_MS = 60_000;
export const unreadPolling = { pollingInterval: UNREAD_POLL_MS, skipPollingIfUnfocused: true } as const;

// 'Messages' is this feature's own tag: marking a message read refetches the list and the badge.
export const messagesAdminApi = api
  .enhanceEndpoints({ addTagTypes: ['Messages', 'MailStatus'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The owner's inbox, newest first; `before` is the last id shown, for the next page. */
      getAdminMessages: build.query<InboxPage, { before?: number } | void>({
        query: (arg) => (arg?.before ? `/admin/messages?before=${arg.before}` : '/admin/messages'),
        providesTags: ['Messages'],
        keepUnusedDataFor: 0,
      }),
      getUnreadMessageCount: build.query<UnreadCount, void>({
        query: () => ({ url: '/admin/messages/unread-count', cache: 'no-store' }),
        providesTags: ['Messages'],
      }),
      setMessageRead: build.mutation<InboxMessage, { id: number; read: boolean }>({
        query: ({ id, read }) => ({ url: `/admin/messages/${id}`, method: 'PATCH', body: { read } }),
        invalidatesTags: ['Messages'],
      }),
      /** Whether e-mail goes out (SMTP_URL, OWNER_EMAIL) or is written to files: the admin banner. */
      getMailStatus: build.query<MailStatus, void>({
        query: () => '/admin/mail-status',
        providesTags: ['MailStatus'],
      }),
    }),
  });

export const {
  useGetAdminMessagesQuery,
  useGetUnreadMessageCountQuery,
  useSetMessageReadMutation,
  useGetMailStatusQuery,
} = messagesAdminApi;
