import type { Knex } from 'knex';
import {
  DOWNLOAD_LINK_DAYS,
  DOWNLOAD_LINK_MAX,
  licenceMessages as messages,
  type LicenceCheck,
  type LicenceSold,
  type LineLicence,
} from '../../contract';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/html';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import type { DeliveryContext } from '../../platform/events';
import { linkExpiry, newGrantId, newToken, tokenHash } from './download-tokens';
import type { GrantRow, LicenceGrantsRepository, LinkRow, Tx } from './licence-grants.repository';
import type { LicensedFiles } from './licences.types';
import type { LineMailNote } from '../orders';

/** An order as licences read it (orders' `linesOf`). */
export type LicenceOrder = {
  id: number;
  status: string;
  customerEmail: string;
  licensee: { name: string; kind: string } | null;
  lines: {
    id: number;
    photoId: number;
    kind: string;
    licenceId: number | null;
    downloadSizeId: number | null;
    title: string;
    size: string;
    format: string;
  }[];
};

export type GrantsDeps = {
  order(orderId: number): Promise<LicenceOrder | null>;
  orderIdByToken(token: string): Promise<number | null>;
  files: LicensedFiles;
};

const PAID = ['paid', 'partially_refunded', 'refunded'];
export const verifyPath = (id: string) => `/licences/verify/${id}`;
export const certificatePath = (id: string) => `/licences/${id}/certificate.pdf`;
export const downloadPath = (token: string) => `/downloads/${token}`;
const linkNote = `Download your file (${DOWNLOAD_LINK_DAYS} days, ${DOWNLOAD_LINK_MAX} downloads)`;

/**
 * The licences after payment: each paid licence line becomes a grant (the record the check page
 * and the certificate read, its facts kept as they were sold), its download links (a fresh one
 * replaces the one before; only keyed hashes kept), what the order page and e-mails show of it,
 * revocation on refund, and the owner's list.
 */
export function createLicenceGrantsService(ctx: AppContext, repo: LicenceGrantsRepository, deps: GrantsDeps) {
  const { config } = ctx;
  const url = (path: string) => `${config.publicUrl}${path}`;

  /** The order's licence lines as grants, made once each (in the caller's transaction). */
  async function grantOrder(trx: Knex, order: LicenceOrder): Promise<GrantRow[]> {
    const lines = order.lines.filter((l) => l.kind === 'licence' && l.licenceId && l.downloadSizeId);
    if (!lines.length) return [];
    const have = new Set((await repo.grantsOfOrders([order.id], trx)).map((g) => g.order_line_id));
    const missing = lines.filter((l) => !have.has(l.id));
    if (missing.length) {
      const facts = await repo.licenceFacts(
        missing.map((l) => l.licenceId!),
        missing.map((l) => l.downloadSizeId!),
        trx,
      );
      for (const l of missing) {
        const licence = facts.licences.get(l.licenceId!);
        await repo.insertGrant(trx, {
          id: newGrantId(),
          order_id: order.id,
          order_line_id: l.id,
          photo_id: l.photoId,
          licence_id: l.licenceId!,
          download_size_id: l.downloadSizeId!,
          licensee_name: (order.licensee?.name ?? '').slice(0, 200) || order.customerEmail,
          licensee_kind: order.licensee?.kind ?? 'person',
          photo_title: l.title.slice(0, 200),
          // the line's own snapshot of the licence's name; its terms as they are at the sale
          licence_name: (l.format || licence?.name || '').slice(0, 80),
          terms_html: licence?.terms_html ?? '',
          size_label: (l.size || facts.sizes.get(l.downloadSizeId!)?.label || '').slice(0, 60),
        });
      }
    }
    return repo.grantsOfOrders([order.id], trx);
  }

  /** A fresh link for a grant (the one before answers 410 from now): its token, only here. */
  async function freshLink(trx: Knex, grantId: string): Promise<{ token: string; link: LinkRow }> {
    const token = newToken();
    const link = await repo.replaceLink(trx, {
      grant_id: grantId,
      token_hash: tokenHash(config.sessionSecret, token),
      expires_at: linkExpiry(),
      max_downloads: DOWNLOAD_LINK_MAX,
    });
    return { token, link };
  }

  /** The fresh link e-mailed to the order's address (written to the outbox in `trx`). */
  async function mailFreshLink(
    trx: Tx,
    grant: GrantRow,
    to: string,
    after: (fn: () => Promise<unknown>) => void,
  ) {
    const { token, link } = await freshLink(trx, grant.id);
    const download = url(downloadPath(token));
    const subject = `Your download link: ${grant.photo_title}`;
    const text = [
      `Here is a fresh download link for "${grant.photo_title}" (${grant.licence_name} licence, ${grant.size_label}, ${grant.id}).`,
      '',
      `${linkNote}: ${download}`,
      `Licence certificate: ${url(certificatePath(grant.id))}`,
      `Check this licence: ${url(verifyPath(grant.id))}`,
      '',
      'The link before this one no longer works.',
    ].join('\n');
    const html = `<p>Here is a fresh download link for <strong>${escapeHtml(grant.photo_title)}</strong> (${escapeHtml(grant.licence_name)} licence, ${escapeHtml(grant.size_label)}, ${grant.id}).</p><p><a href="${escapeHtml(download)}">${linkNote}</a></p><p><a href="${escapeHtml(url(certificatePath(grant.id)))}">Licence certificate</a> &middot; <a href="${escapeHtml(url(verifyPath(grant.id)))}">Check this licence</a></p><p>The link before this one no longer works.</p>`;
    const id = await writeEmail(trx, { dedupeKey: `licence-link-${link.id}`, to, subject, text, html });
    if (id) after(() => enqueueEmail(ctx.queues, id));
  }

  const lineLicence = (g: GrantRow, link: LinkRow | undefined, paid: boolean): LineLicence => ({
    lineId: g.order_line_id,
    grantId: g.id,
    licenceName: g.licence_name,
    sizeLabel: g.size_label,
    licensee: g.licensee_name,
    verifyUrl: verifyPath(g.id),
    certificateUrl: paid ? certificatePath(g.id) : null,
    revoked: !!g.revoked_at,
    link: link
      ? {
          expiresAt: link.expires_at.toISOString(),
          downloadsLeft: Math.max(0, link.max_downloads - link.downloads),
          usable:
            !g.revoked_at && link.downloads < link.max_downloads && link.expires_at.getTime() > Date.now(),
        }
      : null,
  });

  return {
    /** order.paid (in the payment's transaction): the licence lines become grants; their files are made. */
    async paid(orderId: number, d: DeliveryContext) {
      const order = await deps.order(orderId);
      if (!order) return;
      const grants = await grantOrder(d.trx, order);
      for (const g of grants) d.afterCommit(() => deps.files.queueMake(g.photo_id, g.download_size_id));
    },

    /** order.refunded: the lines the refund names are revoked; a full refund revokes every one. */
    async refunded(trx: Knex, orderId: number, lineIds: number[]) {
      const order = await deps.order(orderId);
      if (!order) return [];
      return repo.revoke(trx, orderId, order.status === 'refunded' ? 'all' : lineIds);
    },

    /** Line details' `of`: each licence line's grant and the state of its current link. */
    async lineLicences(orderIds: number[]): Promise<Map<number, LineLicence>> {
      const grants = await repo.grantsOfOrders(orderIds);
      const links = await repo.currentLinks(grants.map((g) => g.id));
      // a grant exists only once paid: its certificate is there from then
      return new Map(grants.map((g) => [g.order_line_id, lineLicence(g, links.get(g.id), true)]));
    },

    /**
     * The paid e-mail's notes (in its delivery's transaction): the grants made if the subscriber
     * has not yet, and a fresh link for each (only the e-mail holds its token).
     */
    async mailNotes(o: { id: number }, trx: Tx) {
      const order = await deps.order(o.id);
      const notes = new Map<number, LineMailNote[]>();
      if (!order || !PAID.includes(order.status)) return notes;
      for (const g of await grantOrder(trx, order)) {
        if (g.revoked_at) continue;
        const { token } = await freshLink(trx, g.id);
        notes.set(g.order_line_id, [
          { text: `Licence ${g.id} for ${g.licensee_name}` },
          { text: linkNote, link: { label: 'Download', url: url(downloadPath(token)) }, buyerOnly: true },
          { text: 'Licence certificate', link: { label: 'PDF', url: url(certificatePath(g.id)) } },
          { text: 'Check this licence', link: { label: 'Check page', url: url(verifyPath(g.id)) } },
        ]);
      }
      return notes;
    },

    /** The buyer's "Send me a fresh link" (by the order's token): the new link to the order's e-mail. */
    async sendFreshLink(statusToken: string, lineId: number) {
      const orderId = await deps.orderIdByToken(statusToken);
      const order = orderId ? await deps.order(orderId) : null;
      const line = order?.lines.find((l) => l.id === lineId && l.kind === 'licence');
      if (!order || !line) throw notFound(messages.linkNotFound);
      if (!PAID.includes(order.status)) throw conflict(messages.freshLinkNotPaid);
      await repo
        .transaction(async (trx) => {
          const grant = (await grantOrder(trx, order)).find((g) => g.order_line_id === lineId);
          if (!grant) throw conflict(messages.freshLinkNotPaid);
          if (grant.revoked_at) throw conflict(messages.revoked);
          const after: (() => Promise<unknown>)[] = [];
          await mailFreshLink(trx, grant, order.customerEmail, (fn) => after.push(fn));
          return after;
        })
        .then((after) => Promise.all(after.map((fn) => fn())));
    },

    /** The owner's "Resend links": a fresh link to the order's e-mail. */
    async resend(grantId: string) {
      const grant = await repo.findGrant(grantId);
      const order = grant ? await deps.order(grant.order_id) : null;
      if (!grant || !order) throw notFound(messages.grantNotFound);
      if (grant.revoked_at) throw conflict(messages.revoked);
      const after: (() => Promise<unknown>)[] = [];
      await repo.transaction((trx) => mailFreshLink(trx, grant, order.customerEmail, (fn) => after.push(fn)));
      await Promise.all(after.map((fn) => fn()));
    },

    /** The check page's facts: what the licence allows, valid or revoked; no buyer data but the licensee. */
    async check(id: string): Promise<LicenceCheck | null> {
      const g = await repo.findGrant(id);
      if (!g) return null;
      return {
        grantId: g.id,
        valid: !g.revoked_at,
        revokedAt: g.revoked_at ? g.revoked_at.toISOString() : null,
        issuedAt: g.issued_at.toISOString(),
        licensee: g.licensee_name,
        photo: { title: g.photo_title, thumbnailUrl: `/api/photos/${g.photo_id}/image?w=1080` },
        licence: {
          name: g.licence_name,
          slug: await repo.licenceSlug(g.licence_id),
          termsHtml: g.terms_html,
        },
        sizeLabel: g.size_label,
        photographer: config.PHOTOGRAPHER_NAME ?? config.SITE_NAME,
      };
    },

    findGrant: (id: string) => repo.findGrant(id),

    /** The owner's "Licences sold" of a photo. */
    async soldOfPhoto(photoId: number): Promise<LicenceSold[]> {
      return (await repo.grantsOfPhoto(photoId)).map((g) => ({
        grantId: g.id,
        orderId: g.order_id,
        licensee: g.licensee_name,
        licenseeKind: g.licensee_kind,
        licenceName: g.licence_name,
        sizeLabel: g.size_label,
        issuedAt: g.issued_at.toISOString(),
        revokedAt: g.revoked_at ? g.revoked_at.toISOString() : null,
      }));
    },
  };
}
export type LicenceGrantsService = ReturnType<typeof createLicenceGrantsService>;
