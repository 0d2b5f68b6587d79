import sharp from 'sharp';
import {
  editionMessages as messages,
  type AdminEdition,
  type EditionInput,
  type EditionSettings,
  type PublicEdition,
} from '../../contract';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { AppContext } from '../../platform/context';
import { announcePublicChange } from '../../platform/http/cache-bus';
import { createEditionCertificates } from './edition-certificates';
import { createEditionNumbers } from './edition-numbers';
import type { EditionRow, EditionsRepository, NumberRow } from './editions.repository';
import type { EditionsDeps } from './editions.types';

export type { EditionLine, EditionsDeps, OrderFacts } from './editions.types';
export { certificateLink } from './edition-certificates';

/**
 * Limited editions: the owner's editions and settings (here), an edition's numbers
 * (`edition-numbers.ts`: held at checkout, sold, released, revoked) and certificates with what
 * orders show of the prints (`edition-certificates.ts`), put together as one service.
 */
export function createEditionsService(ctx: AppContext, repo: EditionsRepository, deps: EditionsDeps) {
  const { config } = ctx;
  // "7 left" is on the cached public answers (photo JSON and pages), and numbers are taken and
  // given back without an admin write: every number change clears the caches once committed
  const publicChanged = () => announcePublicChange(ctx.redis, config.REDIS_PREFIX);
  const parts = { ctx, repo, deps, publicChanged };

  async function view(edition: EditionRow, taken: number): Promise<AdminEdition> {
    const left = edition.closed_at ? 0 : Math.max(0, edition.size - taken);
    return {
      id: edition.id,
      size: edition.size,
      artistProofs: edition.artist_proofs,
      taken,
      left,
      closed: !!edition.closed_at,
      soldOut: left === 0,
    };
  }

  const service = {
    ...createEditionNumbers(parts),
    ...createEditionCertificates(parts),

    // ---- what the shop shows ----

    /** Per photo: the shared edition and each option's, as the owner sees them. */
    async adminEditions(
      photoId: number,
    ): Promise<{ shared: AdminEdition | null; byOption: Map<number, AdminEdition> }> {
      const editions = await repo.editionsOfPhotos([photoId]);
      const counts = await repo.takenCounts(editions.map((e) => e.id));
      const byOption = new Map<number, AdminEdition>();
      let shared: AdminEdition | null = null;
      for (const e of editions) {
        const v = await view(e, counts.get(e.id) ?? 0);
        if (e.print_option_id === null) shared = v;
        else byOption.set(e.print_option_id, v);
      }
      return { shared, byOption };
    },

    /**
     * What buyers see of a photo's editions: `edition` (shared) and each option's (its own, else
     * the shared one); a sold-out size is refused (shown, not purchasable).
     */
    async publicEditions(photoId: number, optionIds: number[]) {
      const { shared, byOption } = await service.adminEditions(photoId);
      const pub = (e: AdminEdition | null | undefined): PublicEdition | null =>
        e ? { size: e.size, left: e.left, soldOut: e.soldOut } : null;
      const options = new Map(optionIds.map((id) => [id, { edition: pub(byOption.get(id) ?? shared) }]));
      const refused = new Map<number, string>();
      for (const [id, { edition }] of options) if (edition?.soldOut) refused.set(id, messages.soldOut);
      return { photo: { edition: pub(shared) }, options, refused };
    },

    /** The owner's view: the shared edition on the photo, each size's own on its option. */
    async adminOffer(photoId: number, optionIds: number[]) {
      const { shared, byOption } = await service.adminEditions(photoId);
      return {
        photo: { edition: shared },
        options: new Map(optionIds.map((id) => [id, { edition: byOption.get(id) ?? null }])),
      };
    },

    // ---- the owner's editions ----

    async saveEdition(photoId: number, optionId: number | null, input: EditionInput): Promise<AdminEdition> {
      if (!(await deps.photoExists(photoId))) throw notFound(messages.photoNotFound);
      if (optionId !== null && !(await deps.optionOnPhoto(photoId, optionId)))
        throw notFound(messages.optionNotOnPhoto);
      return repo.transaction(async (trx) => {
        // the photo's editions are changed one at a time (the shared/per-size rule reads them all)
        await trx.raw('SELECT pg_advisory_xact_lock(36, ?)', [photoId]);
        const all = await repo.editionsOfPhotos([photoId], trx);
        const existing = all.find((e) => e.print_option_id === optionId);
        const other = all.filter((e) =>
          optionId === null ? e.print_option_id !== null : e.print_option_id === null,
        );
        if (!existing && other.length) throw conflict(messages.sharedAndPerSize);
        let row: EditionRow;
        if (existing) {
          const locked = (await repo.lockEdition(trx, existing.id))!;
          const taken = (await repo.takenNumbers(trx, locked.id)).length;
          if (input.size > locked.size && (await repo.hasSales(trx, locked.id)))
            throw conflict(messages.notRaisable);
          if (input.size < taken) throw conflict(messages.belowTaken(taken));
          row = await repo.updateEdition(trx, locked.id, {
            size: input.size,
            artist_proofs: input.artistProofs ?? locked.artist_proofs,
          });
        } else {
          row = await repo.insertEdition(trx, {
            photo_id: photoId,
            print_option_id: optionId,
            size: input.size,
            artist_proofs: input.artistProofs ?? 0,
          });
        }
        return view(row, (await repo.takenNumbers(trx, row.id)).length);
      });
    },

    async deleteEdition(photoId: number, optionId: number | null): Promise<void> {
      await repo.transaction(async (trx) => {
        const found = await repo.findEdition(photoId, optionId, trx);
        if (!found) throw notFound(messages.notFound);
        await repo.lockEdition(trx, found.id);
        if ((await repo.takenNumbers(trx, found.id)).length) throw conflict(messages.hasSales);
        await repo.deleteEdition(trx, found.id);
      });
    },

    async closeEdition(photoId: number, optionId: number | null): Promise<AdminEdition> {
      return repo.transaction(async (trx) => {
        const found = await repo.findEdition(photoId, optionId, trx);
        if (!found) throw notFound(messages.notFound);
        await repo.lockEdition(trx, found.id);
        const row = found.closed_at
          ? found
          : await repo.updateEdition(trx, found.id, { closed_at: new Date() });
        return view(row, (await repo.takenNumbers(trx, row.id)).length);
      });
    },

    async settings(): Promise<EditionSettings> {
      const s = await repo.settings();
      return {
        photographerName: s?.photographer_name || config.PHOTOGRAPHER_NAME || '',
        hasSignature: !!s?.signature,
        signatureType: s?.signature_type ?? null,
      };
    },
    async saveName(name: string): Promise<EditionSettings> {
      await repo.saveSettings({ photographer_name: name });
      return service.settings();
    },
    async saveSignature(bytes: Buffer): Promise<EditionSettings> {
      if (!bytes.length)
        throw badRequest(messages.signatureMissing, { signature: messages.signatureMissing });
      if (bytes.length > 2 * 1024 * 1024)
        throw badRequest(messages.signatureSize, { signature: messages.signatureSize });
      // checked by content, not the declared type
      const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
      if (!png && !jpeg) throw badRequest(messages.signatureType, { signature: messages.signatureType });
      await sharp(bytes)
        .metadata()
        .catch(() => {
          throw badRequest(messages.signatureType, { signature: messages.signatureType });
        });
      await repo.saveSettings({ signature: bytes, signature_type: png ? 'image/png' : 'image/jpeg' });
      return service.settings();
    },
  };
  return service;
}
export type EditionsService = ReturnType<typeof createEditionsService>;
export type { NumberRow };
