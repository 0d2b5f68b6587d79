import type { GiftCardDetail, GiftCardKind, GiftCardList, GiftCardSettings, IssuedGiftCard } from '@contract';
import { api } from '../../../lib/api';

export type {
  AdminGiftCard,
  GiftCardDetail,
  GiftCardLedgerEntry,
  GiftCardList,
  GiftCardSettings,
} from '@contract';
export type { IssuedGiftCard };

/** PUT /api/admin/gift-cards/settings: dollars in the order offered, photo ids in the order shown. */
export type GiftCardSettingsRequest = { enabled: boolean; amounts: number[]; photoIds: number[] };

/** POST /api/admin/gift-cards: amounts as typed (the server reads dollars and refuses the rest). */
export type IssueGiftCardRequest = {
  amount: string;
  kind: GiftCardKind;
  expiresAt: string | null;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendNow: boolean;
};

// 'GiftCards' is this feature's own tag: every change refetches the list (balances, statuses,
// what she owes) and the open card.
export const giftCardsAdminApi = api.enhanceEndpoints({ addTagTypes: ['GiftCards'] }).injectEndpoints({
  endpoints: (build) => ({
    getGiftCardSettings: build.query<GiftCardSettings, void>({
      query: () => ({ url: '/admin/gift-cards/settings', cache: 'no-store' }),
      providesTags: ['GiftCards'],
    }),
    saveGiftCardSettings: build.mutation<GiftCardSettings, GiftCardSettingsRequest>({
      query: (body) => ({ url: '/admin/gift-cards/settings', method: 'PUT', body }),
      invalidatesTags: ['GiftCards'],
    }),
    getGiftCards: build.query<GiftCardList, number>({
      query: (page) => ({ url: `/admin/gift-cards?page=${page}`, cache: 'no-store' }),
      providesTags: ['GiftCards'],
    }),
    getGiftCard: build.query<GiftCardDetail, number>({
      query: (id) => ({ url: `/admin/gift-cards/${id}`, cache: 'no-store' }),
      providesTags: ['GiftCards'],
    }),
    issueGiftCard: build.mutation<IssuedGiftCard, IssueGiftCardRequest>({
      query: (body) => ({ url: '/admin/gift-cards', method: 'POST', body }),
      invalidatesTags: ['GiftCards'],
    }),
    adjustGiftCard: build.mutation<GiftCardDetail, { id: number; amount: string; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/gift-cards/${id}/adjust`, method: 'POST', body }),
      invalidatesTags: ['GiftCards'],
    }),
    voidGiftCard: build.mutation<GiftCardDetail, { id: number; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/gift-cards/${id}/void`, method: 'POST', body }),
      invalidatesTags: ['GiftCards'],
    }),
    resendGiftCard: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/admin/gift-cards/${id}/resend`, method: 'POST' }),
      invalidatesTags: ['GiftCards'],
    }),
    changeGiftCardRecipient: build.mutation<
      GiftCardDetail,
      { id: number; recipientEmail: string; recipientName: string }
    >({
      query: ({ id, ...body }) => ({ url: `/admin/gift-cards/${id}/recipient`, method: 'PUT', body }),
      invalidatesTags: ['GiftCards'],
    }),
  }),
});

export const {
  useGetGiftCardSettingsQuery,
  useSaveGiftCardSettingsMutation,
  useGetGiftCardsQuery,
  useGetGiftCardQuery,
  useIssueGiftCardMutation,
  useAdjustGiftCardMutation,
  useVoidGiftCardMutation,
  useResendGiftCardMutation,
  useChangeGiftCardRecipientMutation,
} = giftCardsAdminApi;
