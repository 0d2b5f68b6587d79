import type { MailStatus, UnreadCount } from '@contract';
import { api } from '../../../lib/api';

export type { MailStatus };

/** How often the admin bar asks for the unread count while the admin is open. */
const UNREAD_POLL_MS = 60_000;
export const unreadPolling = { pollingInterval: UNREAD_POLL_MS, skipPollingIfUnfocused: true } as const;

// The admin bar's reads: the unread badge ('Messages': marking a message read on the messages
// page refetches it) and whether e-mail goes out (the mail banner).
export const shellAdminApi = api
  .enhanceEndpoints({ addTagTypes: ['Messages', 'MailStatus'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getUnreadMessageCount: build.query<UnreadCount, void>({
        query: () => ({ url: '/admin/messages/unread-count', cache: 'no-store' }),
        providesTags: ['Messages'],
      }),
      /** Whether e-mail goes out (SMTP_URL, OWNER_EMAIL) or is written to files: the admin banner. */
      getMailStatus: build.query<MailStatus, void>({
        query: () => '/admin/mail-status',
        providesTags: ['MailStatus'],
      }),
    }),
  });

export const { useGetUnreadMessageCountQuery, useGetMailStatusQuery } = shellAdminApi;
