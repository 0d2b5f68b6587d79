import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  editionMessages as messages,
  type AdminEdition,
  type EditionInput,
  type EditionSettings,
  type EditionPrint,
  type EditionToSign,
  type LineEdition,
  type PublicEdition,
} from '../../contract';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { AppContext } from '../../platform/context';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import { announcePublicChange } from '../../platform/http/cache-bus';
import type { DeliveryContext } from '../../platform/events';
import { makeCertificatePdf } from './certificate-pdf';
import type { EditionRow, EditionsRepository, NumberRow, Tx } from './editions.repository';

/** An order's line as editions reads it (orders' forLab / detail lines, written out here). */
export type EditionLine = { id: number; photoId: number; printOptionId: number; quantity: number };
export type OrderFacts = {
  status: string;
  paidAt: string | null;
  customerEmail: string;
  net: number;
  lines: (EditionLine & { title: string; size: string; format: string })[];
};

export type EditionsDeps = {
  /** The order's lines and payment facts, read after its commit (orders' detail). */
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

const label = (n: number, size: number) => `${n}/${size}`;
const certificateUrl = (id: string) => `/certificates/${id}.pdf`;
/** The stable address of an order line's certificate (the paid e-mail's link): redirects to the PDF. */
export const certificateLink = (statusToken: string, lineId: number, number: number) =>
  `/certificates/order/${statusToken}/${lineId}/${number}`;
const newCertificateId = () => randomBytes(16).toString('base64url');
const monthYear = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The edition a line of this photo and option is numbered in: its size's own, else the shared one. */
function editionFor(editions: EditionRow[], photoId: number, optionId: number): EditionRow | undefined {
  const mine = editions.filter((e) => e.photo_id === photoId);
  return mine.find((e) => e.print_option_id === optionId) ?? mine.find((e) => e.print_option_id === null);
}

/** The lowest numbers of 1..size that nobody holds, has bought or had revoked. */
function lowestFree(size: number, taken: number[], count: number): number[] {
  const used = new Set(taken);
  const free: number[] = [];
  for (let n = 1; n <= size && free.length < count; n++) if (!used.has(n)) free.push(n);
  return free;
}

/**
 * Limited editions: the owner's editions, numbers held at checkout under the edition's row lock
 * (never more than its size: the partial unique index is the safety net), sold once paid,
 * released only after the payment can no longer arrive, revoked when refunded; certificates made
 * once by a job; the verify page's facts.
 */
export function createEditionsService(ctx: AppContext, repo: EditionsRepository, deps: EditionsDeps) {
  const { config, logger } = ctx;
  // "7 left" is on the cached public answers (photo JSON and pages), and numbers are taken and
  // given back without an admin write: every number change clears the caches once committed
  const publicChanged = () => announcePublicChange(ctx.redis, config.REDIS_PREFIX);

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

  /**
   * Takes numbers for the lines in the order's transaction: for each edition (in id order, so two
   * checkouts never wait on each other crosswise) under its row lock, the lowest free numbers; a
   * line that cannot have all its numbers refuses the whole order (409).
   */
  async function take(
    trx: Tx,
    orderId: number,
    lines: readonly EditionLine[],
    state: 'held' | 'sold',
  ): Promise<number> {
    if (!lines.length) return 0;
    let count = 0;
    const editions = await repo.editionsOfPhotos([...new Set(lines.map((l) => l.photoId))], trx);
    const wanted = new Map<number, EditionLine[]>();
    for (const line of lines) {
      const edition = editionFor(editions, line.photoId, line.printOptionId);
      if (edition) wanted.set(edition.id, [...(wanted.get(edition.id) ?? []), line]);
    }
    for (const editionId of [...wanted.keys()].sort((a, b) => a - b)) {
      const edition = await repo.lockEdition(trx, editionId);
      if (!edition) continue;
      const mine = wanted.get(editionId)!;
      const need = mine.reduce((s, l) => s + l.quantity, 0);
      const taken = await repo.takenNumbers(trx, editionId);
      const left = edition.closed_at ? 0 : Math.max(0, edition.size - taken.length);
      if (need > left) throw conflict(left === 0 ? messages.soldOut : messages.onlyLeft(left));
      const numbers = lowestFree(edition.size, taken, need);
      count += need;
      let i = 0;
      await repo.insertNumbers(
        trx,
        mine.flatMap((line) =>
          Array.from({ length: line.quantity }, () => ({
            edition_id: editionId,
            number: numbers[i++]!,
            order_id: orderId,
            order_line_id: line.id,
            state,
          })),
        ),
      );
    }
    return count;
  }

  const service = {
    // ---- the checkout hold and what follows the payment ----

    /** The checkout hold: the session's own unpaid attempts give theirs back first, then this order takes. */
    async hold(
      trx: Tx,
      order: {
        orderId: number;
        lines: readonly EditionLine[];
        ownOrderIds: readonly number[];
        afterCommit?(fn: () => Promise<unknown>): void;
      },
    ) {
      const released = await repo.releaseHeld(trx, [order.orderId, ...order.ownOrderIds]);
      const taken = await take(trx, order.orderId, order.lines, 'held');
      if (released || taken) order.afterCommit?.(publicChanged);
    },

    /** order.payment-canceled (published after the intent is canceled at the provider): held -> released. */
    async release(trx: Tx, orderId: number, d?: Pick<DeliveryContext, 'afterCommit'>) {
      const released = await repo.releaseHeld(trx, [orderId]);
      if (released) d?.afterCommit(publicChanged);
      return released;
    },

    /**
     * order.paid, in the payment's transaction: the order's held numbers are sold. A payment that
     * arrives after its numbers were released takes free ones now; when none are left, nothing is
     * sold, the buyer and the owner are mailed, and `editions.refund-oversold` refunds the order.
     */
    async paid(orderId: number, d: DeliveryContext) {
      const trx = d.trx as Tx;
      const order = await deps.order(orderId);
      if (!order) return;
      const numbers = await repo.numbersOfOrder(orderId, trx);
      await repo.setState(
        trx,
        numbers.filter((n) => n.state === 'held').map((n) => n.id),
        'sold',
      );
      const editions = await repo.editionsOfPhotos([...new Set(order.lines.map((l) => l.photoId))], trx);
      const missing = order.lines.filter(
        (l) =>
          editionFor(editions, l.photoId, l.printOptionId) &&
          numbers.filter((n) => n.order_line_id === l.id).length < l.quantity,
      );
      if (missing.length) {
        try {
          await trx.transaction(async (inner) => take(inner, orderId, missing, 'sold'));
        } catch (err) {
          if (!(err instanceof Error && 'kind' in err && (err as { kind: string }).kind === 'conflict'))
            throw err;
          // none left for this late payment: nothing of this order is a numbered print
          await repo.setState(
            trx,
            numbers.map((n) => n.id),
            'released',
          );
          await oversoldMails(trx, orderId, order, d);
          logger.warn({ orderId }, 'edition sold out before a late payment: the order is refunded');
          return;
        }
      }
      const sold = await repo.numbersOfOrder(orderId, trx);
      d.afterCommit(async () => {
        if (missing.length) await publicChanged();
        for (const n of sold) await deps.enqueueCertificate(n.id);
      });
    },

    /** After `paid`: an edition line with no number (sold out before a late payment) refunds the order. */
    async refundOversold(orderId: number) {
      const order = await deps.order(orderId);
      if (!order || order.status !== 'paid' || order.net <= 0) return;
      const editions = await repo.editionsOfPhotos([...new Set(order.lines.map((l) => l.photoId))]);
      const numbers = await repo.numbersOfOrder(orderId);
      const unnumbered = order.lines.some(
        (l) =>
          editionFor(editions, l.photoId, l.printOptionId) &&
          numbers.filter((n) => n.order_line_id === l.id).length < l.quantity,
      );
      if (!unnumbered) return;
      await deps.refundInFull(orderId, order.net, messages.oversoldSubject, `edition-oversold-${orderId}`);
    },

    /** order.refunded: once the order is refunded in full, its numbers are revoked (never sold again). */
    async refunded(trx: Tx, orderId: number, d?: Pick<DeliveryContext, 'afterCommit'>) {
      const order = await deps.order(orderId);
      if (order?.status !== 'refunded') return;
      const numbers = (await repo.numbersOfOrder(orderId, trx)).filter((n) => n.state !== 'revoked');
      const ids = numbers.map((n) => n.id);
      await repo.setState(trx, ids, 'revoked');
      await repo.revokeCertificates(trx, ids);
      // a revoked number is never sold again: "left" does not change, but the verify page does
      if (ids.length) d?.afterCommit(publicChanged);
    },

    // ---- certificates ----

    /** The job: one certificate per sold number, made once (a re-driven job finds it made). */
    async makeCertificate(numberId: number): Promise<{ outcome: 'done' | 'skipped'; detail?: string }> {
      const number = await repo.findNumber(numberId);
      if (!number || number.state !== 'sold') return { outcome: 'skipped', detail: 'not sold' };
      if (await repo.certificateOfNumber(numberId)) return { outcome: 'skipped', detail: 'already made' };
      const order = await deps.order(number.order_id);
      const line = order?.lines.find((l) => l.id === number.order_line_id);
      if (!order || !line) return { outcome: 'skipped', detail: 'no order line' };
      const settings = await repo.settings();
      const id = newCertificateId();
      const pdf = await makeCertificatePdf({
        certificateId: id,
        verifyUrl: `${config.publicUrl}/verify/${id}`,
        photoTitle: line.title,
        imageJpeg: (await deps.photoJpeg(number.photo_id)) ?? new Uint8Array(),
        label: `${number.number} / ${number.size}`,
        size: line.size,
        format: line.format,
        soldAt: order.paidAt ? new Date(order.paidAt) : number.updated_at,
        photographerName: settings?.photographer_name || config.PHOTOGRAPHER_NAME || '',
        signature:
          settings?.signature && settings.signature_type
            ? { bytes: new Uint8Array(settings.signature), type: settings.signature_type }
            : null,
      });
      const made = await repo.insertCertificate({ id, edition_number_id: numberId, pdf: Buffer.from(pdf) });
      return { outcome: made ? 'done' : 'skipped', detail: made ? id : 'made meanwhile' };
    },

    /**
     * Sold numbers a lost job left without a certificate (the sweeper): made here, in the worker
     * (a finished job's id would make a re-queued one a no-op; making one twice keeps the first).
     */
    async sweep(): Promise<number> {
      const ids = await repo.soldWithoutCertificate();
      for (const id of ids) await service.makeCertificate(id);
      return ids.length;
    },

    async certificatePdf(id: string): Promise<Buffer | null> {
      return (await repo.findCertificate(id))?.pdf ?? null;
    },

    /** What the public verify page shows: no buyer data. Null for an id that is no certificate. */
    async verifyView(id: string) {
      const cert = await repo.findCertificate(id);
      if (!cert) return null;
      const number = await repo.findNumber(cert.edition_number_id);
      if (!number) return null;
      const order = await deps.order(number.order_id);
      const line = order?.lines.find((l) => l.id === number.order_line_id);
      const soldAt = order?.paidAt ? new Date(order.paidAt) : number.updated_at;
      const size = line?.size ?? '';
      const format = line?.format ?? '';
      return {
        certificateId: cert.id,
        photoId: number.photo_id,
        photoTitle: line?.title ?? (await deps.photoTitle(number.photo_id)) ?? '',
        imageUrl: `/api/photos/${number.photo_id}/image?w=1080`,
        number: number.number,
        editionSize: number.size,
        size,
        format,
        soldAt: soldAt.toISOString(),
        /** "Print 7 of 25, 16x24 Fine Art Paper, sold November 2026" */
        summary: `Print ${number.number} of ${number.size}, ${size} ${format}, sold ${monthYear(soldAt)}`,
        valid: !cert.revoked_at && number.state === 'sold',
        revokedAt: cert.revoked_at ? cert.revoked_at.toISOString() : null,
      };
    },

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

    /** Each order line's prints, in number order, each with its certificate; the first on top. */
    async lineEditions(orderIds: number[], trx?: Tx): Promise<Map<number, LineEdition>> {
      const numbers = (await repo.numbersOfOrders(orderIds, trx)).filter((n) => n.state !== 'held');
      const certs = new Map(
        (
          await repo.certificatesOf(
            numbers.map((n) => n.id),
            trx,
          )
        ).map((c) => [c.edition_number_id, c]),
      );
      const out = new Map<number, LineEdition>();
      for (const n of numbers) {
        const cert = certs.get(n.id);
        const print: EditionPrint = {
          number: n.number,
          label: label(n.number, n.size),
          certificateUrl: cert ? certificateUrl(cert.id) : null,
          ...(n.state === 'revoked' ? { revoked: true } : {}),
        };
        const line = out.get(n.order_line_id);
        if (line) line.prints.push(print);
        else out.set(n.order_line_id, { ...print, size: n.size, prints: [print] });
      }
      return out;
    },

    /**
     * The paid e-mail's notes per edition line, one per print: "Edition print 7/25" and its
     * "Certificate of authenticity". The e-mail may go before the certificates' jobs have run, so
     * a print without its certificate yet links its stable address (`certificateLink`), which hands
     * out the PDF, making it then if the job has not: the link works from the first minute.
     */
    async mailNotes(order: { id: number; statusToken: string | null }, trx: Tx) {
      const byLine = await service.lineEditions([order.id], trx);
      const notes = new Map<number, { text: string; link?: { label: string; url: string } }[]>();
      for (const [lineId, e] of byLine) {
        const prints = e.prints.filter((p) => !p.revoked);
        if (!prints.length) continue;
        notes.set(
          lineId,
          prints.map((p) => {
            const url = p.certificateUrl
              ? `${config.publicUrl}${p.certificateUrl}`
              : order.statusToken
                ? `${config.publicUrl}${certificateLink(order.statusToken, lineId, p.number)}`
                : null;
            return {
              text: `Edition print ${p.label}`,
              ...(url ? { link: { label: messages.certificateLinkLabel, url } } : {}),
            };
          }),
        );
      }
      return notes;
    },

    /**
     * The certificate of a print of an order's line (the e-mail's stable link, by the order's
     * secret token; without a number, the line's first print): its PDF's address, made now if the
     * job has not yet; null when the line has no such sold print.
     */
    async certificateForLine(
      statusToken: string,
      lineId: number,
      printNumber?: number,
    ): Promise<string | null> {
      const orderId = await deps.orderIdByToken(statusToken);
      if (!orderId) return null;
      const number = (await repo.numbersOfOrder(orderId)).find(
        (n) =>
          n.order_line_id === lineId &&
          n.state === 'sold' &&
          (printNumber === undefined || n.number === printNumber),
      );
      if (!number) return null;
      if (!(await repo.certificateOfNumber(number.id))) await service.makeCertificate(number.id);
      const cert = await repo.certificateOfNumber(number.id);
      return cert ? certificateUrl(cert.id) : null;
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

    async toSign(): Promise<EditionToSign[]> {
      const rows = await repo.soldWithCertificates();
      const orders = new Map<number, OrderFacts | null>();
      const labLines = new Map<number, Set<number>>();
      const out: EditionToSign[] = [];
      for (const n of rows) {
        if (!orders.has(n.order_id)) {
          orders.set(n.order_id, await deps.order(n.order_id));
          labLines.set(n.order_id, await deps.labLineIds(n.order_id));
        }
        const line = orders.get(n.order_id)?.lines.find((l) => l.id === n.order_line_id);
        out.push({
          id: n.id,
          orderId: n.order_id,
          lineId: n.order_line_id,
          photoTitle: line?.title ?? '',
          number: label(n.number, n.size),
          size: line?.size ?? '',
          format: line?.format ?? '',
          certificateUrl: n.certificate_id ? certificateUrl(n.certificate_id) : null,
          signedAt: n.signed_at ? n.signed_at.toISOString() : null,
          madeBy: labLines.get(n.order_id)?.has(n.order_line_id) ? 'lab' : 'you',
        });
      }
      return out;
    },

    async markSigned(numberId: number): Promise<void> {
      const done = await repo.markSigned(numberId);
      if (!done.length) throw notFound(messages.numberNotFound);
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

  /** A late payment found the edition sold out: the buyer and the owner are told (the refund follows). */
  async function oversoldMails(trx: Tx, orderId: number, order: OrderFacts, d: DeliveryContext) {
    const text = `Order #${orderId}: the edition print sold out before the payment arrived, so the payment is refunded in full.`;
    const to = [order.customerEmail, config.OWNER_EMAIL].filter((a): a is string => !!a);
    for (const [i, addr] of to.entries()) {
      const id = await writeEmail(trx, {
        dedupeKey: `edition-oversold-${orderId}-${i === 0 ? 'buyer' : 'owner'}`,
        to: addr,
        subject: messages.oversoldSubject,
        text,
        html: `<p>${text}</p>`,
      });
      if (id) d.afterCommit(() => enqueueEmail(ctx.queues, id));
    }
  }

  return service;
}
export type EditionsService = ReturnType<typeof createEditionsService>;
export type { NumberRow };
