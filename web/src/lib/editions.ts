/** Limited editions as the web app shows them (issue 36); the wire types are the contract's. */
import type { PublicEdition } from './api-types';

export type { AdminEdition, LineEdition, PublicEdition } from './api-types';

/** "Edition of 25 - 7 left" */
export const editionText = (edition: PublicEdition) => `Edition of ${edition.size} - ${edition.left} left`;
