import type { NumbersAnswer, NumbersQuery } from '@contract';
import { api } from '../../../lib/api';

export type { NumbersAnswer, NumbersQuery } from '@contract';
export type NumbersGrain = NumbersQuery['grain'];

export const NUMBERS_CSV_URL = '/api/admin/numbers.csv';

/** The query string of a range and grain (the figures and the CSV take the same). */
export const numbersParams = (q: NumbersQuery) => new URLSearchParams(q).toString();

export const numbersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNumbers: build.query<NumbersAnswer, NumbersQuery>({
      query: (q) => ({ url: `/admin/numbers?${numbersParams(q)}`, cache: 'no-store' }),
    }),
  }),
});

export const { useGetNumbersQuery } = numbersApi;
