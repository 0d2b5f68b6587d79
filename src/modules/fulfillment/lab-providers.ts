import type { LabProviderId } from '../../contract';
import type { LabProductRef, LabProviderDefinition } from './lab-provider';
import { lumaprintsLab } from './lumaprints/lumaprints.lab';
import { prodigiLab } from './prodigi/prodigi.lab';

export type AnyLabProvider = LabProviderDefinition<Record<string, unknown>, LabProductRef>;

/**
 * Every lab the shop can work with, by id (the contract's `labProviderIds`): a second lab is one
 * more entry here and one more id there.
 */
export const labProviders: Record<LabProviderId, AnyLabProvider> = {
  lumaprints: lumaprintsLab,
  prodigi: prodigiLab,
};
