import type { PrintSizes } from '@contract';
import { api } from '../../../lib/api';

export type { PrintSizes };
export type PrintSize = PrintSizes['sizes'][number];

// Which of a photo's sizes buyers are offered (the resolution guard) follows the photo (its
// original, its options), the catalogue (a size renamed), which options the lab makes and whether
// the lab is on: each of those tags refetches it. 'LabProducts' is what saving the lab settings
// and (un)mapping an option invalidate (print-lab/api.ts).
export const printSizesApi = api
  .enhanceEndpoints({ addTagTypes: ['LabProducts', 'LabSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getPrintSizes: build.query<PrintSizes, number>({
        query: (photoId) => ({ url: `/admin/photos/${photoId}/print-sizes`, cache: 'no-store' }),
        providesTags: (_sizes, _error, photoId) => [
          { type: 'Photo', id: photoId },
          'PrintOptions',
          'LabProducts',
          'LabSettings',
        ],
      }),
    }),
  });

export const { useGetPrintSizesQuery } = printSizesApi;
