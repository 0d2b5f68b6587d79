import { notFound } from '../../platform/http/app-error';
import type { LabProviderId } from '../../contract';
import type { LabProductRef, LabProviderDefinition } from './lab-provider';
import { lumaprintsLab } from './lumaprints/lumaprints.lab';
import { prodigiLab } from './prodigi/prodigi.lab';

export type AnyLabProvider = LabProviderDefinition<Record<string, unknown>, LabProductRef>;

/** Every lab the shop can work with: a new lab is its own folder and one more entry here. */
export const labProviders: AnyLabProvider[] = [lumaprintsLab, prodigiLab];

/**
 * The labs of one app: the built-in ones and those its maker adds (`createModules`' `extraLabs`,
 * a test's own lab), by id.
 */
export function createLabRegistry(extra: AnyLabProvider[] = []) {
  const byId = new Map<LabProviderId, AnyLabProvider>();
  for (const lab of [...labProviders, ...extra]) {
    if (byId.has(lab.id)) throw new Error(`Two print labs have the id "${lab.id}".`);
    byId.set(lab.id, lab);
  }
  return {
    ids: () => [...byId.keys()],
    find: (id: string | undefined) => (id === undefined ? undefined : byId.get(id)),
    /** The lab a path (or a stored row) names; 404 for one not registered. */
    get(id: string): AnyLabProvider {
      const lab = byId.get(id);
      if (!lab) throw notFound('Print lab not found.');
      return lab;
    },
    /** Its name; the id itself for a lab no longer registered (an old row's). */
    name: (id: string) => byId.get(id)?.name ?? id,
  };
}
export type LabRegistry = ReturnType<typeof createLabRegistry>;
