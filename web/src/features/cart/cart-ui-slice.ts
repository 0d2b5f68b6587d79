import { createSlice } from '@reduxjs/toolkit';

export type CartUiState = { open: boolean };

const initialState: CartUiState = { open: false };

export const cartUi = createSlice({
  name: 'cartUi',
  initialState,
  reducers: {
    open: (state) => {
      state.open = true;
    },
    close: (state) => {
      state.open = false;
    },
    toggle: (state) => {
      state.open = !state.open;
    },
  },
});

export const { open: openCart, close: closeCart, toggle: toggleCart } = cartUi.actions;

export const selectCartOpen = (state: { cartUi: CartUiState }) => state.cartUi.open;
