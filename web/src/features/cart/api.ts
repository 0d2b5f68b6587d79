import { api } from '../../lib/api';
import type { Cart, NewCartLine } from '../../lib/api-types';

const cartQueries = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => '/cart',
      providesTags: ['Cart'],
    }),
  }),
});

// Every cart write answers the whole cart: show it at once; the tag refetch then confirms it
// (the cart is re-fetched after every add, update or remove).
const showAnswer = async (
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Cart }> },
): Promise<void> => {
  try {
    const { data } = await queryFulfilled;
    dispatch(cartQueries.util.upsertQueryData('getCart', undefined, data));
  } catch {
    // the caller reports the failure
  }
};

export const cartApi = cartQueries.injectEndpoints({
  endpoints: (build) => ({
    addToCart: build.mutation<Cart, NewCartLine>({
      query: (body) => ({ url: '/cart', method: 'POST', body }),
      onQueryStarted: showAnswer,
      invalidatesTags: ['Cart'],
    }),
    updateCartItem: build.mutation<Cart, { id: number; quantity: number }>({
      query: ({ id, quantity }) => ({ url: `/cart/${id}`, method: 'PUT', body: { quantity } }),
      onQueryStarted: showAnswer,
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<Cart, number>({
      query: (id) => ({ url: `/cart/${id}`, method: 'DELETE' }),
      onQueryStarted: showAnswer,
      invalidatesTags: ['Cart'],
    }),
    clearCart: build.mutation<Cart, void>({
      query: () => ({ url: '/cart', method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
} = cartApi;
