import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { api } from './api';

/**
 * The part of the store shared code and every feature can rely on: the RTK Query slice. The app's
 * store (app/store.ts) has it and adds the features' slices; a feature's selector names the slice
 * it reads in its own parameter type, so nothing here depends on the app.
 */
export type ApiState = { [K in typeof api.reducerPath]: ReturnType<typeof api.reducer> };
export type AppDispatch = ThunkDispatch<ApiState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
