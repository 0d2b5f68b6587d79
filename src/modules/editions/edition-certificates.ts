import { randomBytes } from 'node:crypto';
import {
  editionMessages as messages,
  type EditionPrint,
  type EditionToSign,
  type LineEdition,
} from '../../contract';
import { notFound } from '../../platform/http/app-error';
import type { Tx } from './editions.repository';
import type { EditionsParts, OrderFacts } from './editions.types';

const label = (n: number, size: number) => `${n}/${size}`;
const certificateUrl = (id: string) => `/certificates/${id}.pdf`;
/** The stable address of an order line's certificate (the paid e-mail's link): redirects to the PDF. */
export const certificateLink = (statusToken: string, lineId: number, number: number) =>
  `/certificates/order/${statusToken}/${lineId}/${number}`;
const newCertificateId = () => randomBytes(16).toString('base64url');
const monthYear = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Certificates and what orders show of the prints: one certificate per sold number, made once by
 * a job; each order line's prints with their certificates (its JSON and the paid e-mail); the
 * verify page's facts; the prints the owner signs.
 */
export function createEditionCertificates({ ctx, repo, deps }: EditionsParts) {
  const { config } = ctx;
  const certificates = {
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
      // pdf-lib, fontkit and the QR encoder (~50 MB) load with the first certificate, not at start
      const { makeCertificatePdf } = await import('./certificate-pdf');
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
      for (const id of ids) await certificates.makeCertificate(id);
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
      const byLine = await certificates.lineEditions([order.id], trx);
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
      if (!(await repo.certificateOfNumber(number.id))) await certificates.makeCertificate(number.id);
      const cert = await repo.certificateOfNumber(number.id);
      return cert ? certificateUrl(cert.id) : null;
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
  };
  return certificates;
}
