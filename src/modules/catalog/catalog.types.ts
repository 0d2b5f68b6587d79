import type { PrintOption } from '../../contract';

// The catalogue's wire types live in src/contract; this is what other modules read of an option.
export type PrintOptionMatch = {
  photo: { id: number; title: string; thumbnailUrl: string };
  option: PrintOption;
};
