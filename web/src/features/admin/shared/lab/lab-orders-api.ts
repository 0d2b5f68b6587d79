import type { LabOrderView, LabReviewList } from '@contract';
import { api } from '../../../../lib/api';

export type { LabOrderView, LabReviewList };
export type LabOrderLine = LabOrderView['lines'][number];
export type LabReviewOrder = LabReviewList['orders'][number];

// A shop order's lab orders (one per lab that makes some of its prints), read in Order Details and
// in the 'To review' list, and the owner's two moves on them: send (approve, send now, send again)
// and hold. 'LabOrder' is one shop order's, 'LabReview' the list.
export const labOrdersApi = api.enhanceEndpoints({ addTagTypes: ['LabOrder', 'LabReview'] }).injectEndpoints({
  endpoints: (build) => {
    /** One of the owner's moves on an order's lab orders: the answer is its lab orders now. */
    const move = (path: 'send' | 'hold') =>
      build.mutation<LabOrderView[], number>({
        query: (orderId) => ({ url: `/admin/orders/${orderId}/lab/${path}`, method: 'POST' }),
        transformResponse: (answer: { labs: LabOrderView[] }) => answer.labs,
        invalidatesTags: (_labs, error, orderId) => moved(orderId, Boolean(error)),
        async onQueryStarted(orderId, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(labOrdersApi.util.upsertQueryData('getOrderLab', orderId, data));
          } catch {
            // the screen shows the refusal
          }
        },
      });
    return {
      getOrderLab: build.query<LabOrderView[], number>({
        query: (orderId) => ({ url: `/admin/orders/${orderId}/lab`, cache: 'no-store' }),
        transformResponse: (answer: { labs: LabOrderView[] }) => answer.labs,
        providesTags: (_labs, _error, orderId) => [{ type: 'LabOrder', id: orderId }],
      }),
      /** Paid orders waiting for the owner: in review, or held by her. */
      getLabReview: build.query<LabReviewOrder[], void>({
        query: () => ({ url: '/admin/lab/review', cache: 'no-store' }),
        transformResponse: (answer: LabReviewList) => answer.orders,
        providesTags: ['LabReview'],
      }),
      /** Every one of the order's lab orders not yet at its lab goes now (once, whoever asks). */
      sendOrderToLab: move('send'),
      /** The order's lab orders waiting for review wait on, until the owner approves them. */
      holdOrderLab: move('hold'),
    };
  },
});

/**
 * What a move changes: the list and the order (its status follows the lab). Its lab orders are the
 * answer; a refusal may mean they moved on meanwhile: they are read again.
 */
function moved(orderId: number, refused: boolean) {
  return [
    'LabReview' as const,
    'Orders' as const,
    { type: 'Order' as const, id: orderId },
    ...(refused ? [{ type: 'LabOrder' as const, id: orderId }] : []),
  ];
}

export const {
  useGetOrderLabQuery,
  useGetLabReviewQuery,
  useSendOrderToLabMutation,
  useHoldOrderLabMutation,
} = labOrdersApi;
