import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { numbersAnswer, numbersMessages, numbersQuery } from '../../contract';
import { csvFile } from '../orders';
import type { NumbersService } from './numbers.service';

// The owner's numbers (issue 49): the figures of a range of days, and the same as CSV.
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;

export const numbersEndpoints = {
  // before any /numbers/:x, so "numbers.csv" is its own path
  csv: {
    ...admin,
    method: 'GET',
    path: '/api/admin/numbers.csv',
    query: numbersQuery,
    invalid: { plain: numbersMessages.from },
    answer: 'csv',
    contract: 'GET /api/admin/numbers.csv?from=&to=&grain=',
  },
  figures: {
    ...admin,
    method: 'GET',
    path: '/api/admin/numbers',
    query: numbersQuery,
    invalid: { plain: numbersMessages.from },
    answer: numbersAnswer,
    contract: 'GET /api/admin/numbers?from=&to=&grain=',
  },
} satisfies Record<string, EndpointSpec>;

export function createNumbersRoutes(service: NumbersService) {
  return bindEndpoints(numbersEndpoints, {
    csv: async (_req, res, { query }) => {
      const rows = await service.csvRows(query);
      res.set('Content-Disposition', `attachment; filename="numbers-${query.from}-to-${query.to}.csv"`);
      res.type('text/csv; charset=utf-8').send(csvFile(rows));
    },
    figures: async (_req, res, { query }) => {
      res.json(await service.figures(query));
    },
  });
}
