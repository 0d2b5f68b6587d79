import { z } from 'zod';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { licencePageSchema } from '../../contract';
import type { LicencesCatalogueService } from './licences-catalogue.service';

// What a buyer reads before paying: the licences to compare, and one licence's page. The same for
// every visitor: kept by the response cache until an admin write.
const shared = { auth: 'public', session: false, cache: 'shared' } as const;

export const licencesPublicEndpoints = {
  publicLicences: {
    ...shared,
    method: 'GET',
    path: '/api/licences',
    answer: z.array(licencePageSchema),
    contract: 'GET /api/licences',
  },
  licencePage: {
    ...shared,
    method: 'GET',
    path: '/api/licences/:slug',
    answer: licencePageSchema,
    contract: 'GET /api/licences/{slug}',
  },
} satisfies Record<string, EndpointSpec>;

export function createLicencesPublicRoutes(service: LicencesCatalogueService) {
  return bindEndpoints(licencesPublicEndpoints, {
    publicLicences: async (_req, res) => void res.json(await service.publicLicences()),
    licencePage: async (req, res) => void res.json(await service.licencePage(String(req.params.slug))),
  });
}
