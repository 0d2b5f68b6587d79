import type { SensitiveSpecies } from '../../contract';
import type { SensitiveSpeciesRepository } from './sensitive-species.repository';

/**
 * The owner's sensitive species: a photo of one of them is shown publicly only by its region and
 * season unless she chose otherwise. Read for every answer that shows a photo (a short list, one
 * indexed read); a change clears every process's response cache like any admin write.
 */
export function createSensitiveSpeciesService(repo: SensitiveSpeciesRepository) {
  return {
    names(): Promise<string[]> {
      return repo.listNames();
    },

    async list(): Promise<SensitiveSpecies> {
      return { species: await repo.listNames() };
    },

    /** Replaces the list: names trimmed (the schema did), inner spaces single, repeats by case dropped. */
    async replace(names: string[]): Promise<SensitiveSpecies> {
      const seen = new Set<string>();
      const kept: string[] = [];
      for (const raw of names) {
        const name = raw.trim().replace(/\s+/g, ' ');
        const key = name.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        kept.push(name);
      }
      await repo.replace(kept);
      return { species: await repo.listNames() };
    },
  };
}
export type SensitiveSpeciesService = ReturnType<typeof createSensitiveSpeciesService>;
