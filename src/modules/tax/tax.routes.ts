import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { taxSettingsInputSchema, taxSettingsViewSchema } from '../../contract';
import type { TaxService } from './tax.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;

export const taxEndpoints = {
  taxSettings: {
    ...admin,
    method: 'GET',
    path: '/api/admin/tax',
    answer: taxSettingsViewSchema,
    contract: 'GET/PUT /api/admin/tax',
  },
  saveTaxSettings: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/tax',
    body: taxSettingsInputSchema,
    invalid: 'tax settings',
    answer: taxSettingsViewSchema,
    contract: 'GET/PUT /api/admin/tax',
  },
} satisfies Record<string, EndpointSpec>;

/** The owner's sales tax settings. */
export function createTaxRoutes(service: TaxService) {
  return bindEndpoints(taxEndpoints, {
    taxSettings: async (_req, res) => {
      res.json(await service.settings());
    },
    saveTaxSettings: async (_req, res, { body }) => {
      res.json(await service.save(body));
    },
  });
}
