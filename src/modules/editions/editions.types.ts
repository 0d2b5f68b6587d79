import type { AppContext } from '../../platform/context';
import type { EditionsRepository } from './editions.repository';

/** An order's line as editions reads it (orders' `linesOf` lines, written out here). */
export type EditionLine = { id: number; photoId: number; printOptionId: number; quantity: number };
export type OrderFacts = {
  status: string;
  paidAt: string | null;
  customerEmail: string;
  net: number;
  lines: (EditionLine & { title: string; size: string; format: string })[];
};

export type EditionsDeps = {
  /** The order's lines and payment facts, read after its commit (orders' narrow `linesOf`). */
  order(orderId: number): Promise<OrderFacts | null>;
  /** Refunds the order in full through the orders module's refund path. */
  refundInFull(orderId: number, amount: number, note: string, idempotencyKey: string): Promise<unknown>;
  photoTitle(photoId: number): Promise<string | null>;
  /** The photo's image as a small JPEG rendition, or null. */
  photoJpeg(photoId: number): Promise<Buffer | null>;
  /** A print option the photo offers (the per-size edition's option), or null. */
  optionOnPhoto(photoId: number, optionId: number): Promise<boolean>;
  photoExists(photoId: number): Promise<boolean>;
  enqueueCertificate(numberId: number): Promise<void>;
  /** The order a buyer's secret token names (the e-mail's certificate link), or null. */
  orderIdByToken(token: string): Promise<number | null>;
  /** The order's lines a print lab makes (its lab orders' lines); the others she ships herself. */
  labLineIds(orderId: number): Promise<Set<number>>;
};

/** What each part of the service shares: the context, the repository, the other modules' facts. */
export type EditionsParts = {
  ctx: AppContext;
  repo: EditionsRepository;
  deps: EditionsDeps;
  /** Clears every API process's cached public answers ("7 left"), once committed. */
  publicChanged: () => Promise<unknown>;
};
