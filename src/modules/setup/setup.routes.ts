import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import type { SetupService } from './setup.service';
import { setupChecklistSchema } from '../../contract';

export const setupEndpoints = {
  // The dashboard's checklist: computed on every call from the facts as they are.
  checklist: {
    method: 'GET',
    path: '/api/admin/setup',
    auth: 'admin',
    session: true,
    cache: 'no-store',
    answer: setupChecklistSchema,
    contract: 'GET /api/admin/setup',
  },
} satisfies Record<string, EndpointSpec>;

export function createSetupRoutes(service: SetupService) {
  return bindEndpoints(setupEndpoints, {
    checklist: async (_req, res) => {
      res.json(await service.checklist());
    },
  });
}
