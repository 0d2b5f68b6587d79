import { z } from 'zod';
import { labProductionTimes, labShippingMethods, type LabProviderId } from '../../contract';
import { LabError, type LabProductRef, type LabProviderDefinition } from './lab-provider';
import { lumaprintsLab } from './lumaprints/lumaprints.lab';

export type AnyLabProvider = LabProviderDefinition<Record<string, unknown>, LabProductRef>;

// replaced by prodigi/prodigi.lab.ts
const prodigiLab: AnyLabProvider = {
  id: 'prodigi',
  usesSecret: false,
  usesStores: false,
  shippingMethods: labShippingMethods,
  productionTimes: labProductionTimes,
  settingsSchema: z.object({}),
  defaultSettings: {},
  productRefSchema: z.record(z.string(), z.unknown()),
  baseUrl: () => 'https://api.sandbox.prodigi.com',
  connect() {
    throw new LabError('refused', 'Prodigi is not connected yet.');
  },
  settingsFromWire: () => ({}),
  settingsToWire: () => ({ storeId: null }),
  missingSetting: () => null,
  productRefFromWire: (input) => ({ subcategoryId: input.subcategoryId, optionIds: input.optionIds }),
  productRefToWire: (ref) => ({
    subcategoryId: Number(ref.subcategoryId),
    optionIds: (ref.optionIds as number[] | undefined) ?? [],
  }),
  orderNumberOfCallback: () => null,
};

/**
 * Every lab the shop can work with, by id (the contract's `labProviderIds`): a second lab is one
 * more entry here and one more id there.
 */
export const labProviders: Record<LabProviderId, AnyLabProvider> = {
  lumaprints: lumaprintsLab,
  prodigi: prodigiLab,
};

/** The first lab (the resolution guard's, offer-rule.ts, until it reads each product's own). */
export const currentLabProvider: LabProviderId = 'lumaprints';
