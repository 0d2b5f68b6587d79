// What a server-rendered storefront page is rendered from, on the wire: the RTK Query answers the
// server reads in-process (src/modules/storefront) and hands to the web app with the page, keyed
// as the web app's endpoints key them (web/src/entry-server.tsx checks its endpoints agree).

/** The endpoints a storefront page reads before it renders, each with its argument. */
export type StorefrontReads = {
  getSite: void;
  getLogo: void;
  getPhotos: { featured?: boolean; category?: string } | void;
  getCategories: void;
  getPhoto: number;
  getShippingNotice: void;
  getAbout: void;
  getFaqs: void;
  getOrderByToken: string;
  getCertificateCheck: string;
  getLicence: string;
  getGiftCardOffer: void;
  getLicenceCheck: string;
};
/**
 * A certificate of authenticity as anyone may check it at /verify/{id} (issue 36): the print it
 * certifies and whether it still holds; nothing of the buyer (the editions module's verifyView).
 */
export type CertificateCheck = {
  certificateId: string;
  photoId: number;
  photoTitle: string;
  imageUrl: string;
  number: number;
  editionSize: number;
  /** "16x24" */
  size: string;
  /** "Fine Art Paper" */
  format: string;
  soldAt: string;
  /** "Print 7 of 25, 16x24 Fine Art Paper, sold November 2026" */
  summary: string;
  valid: boolean;
  revokedAt: string | null;
};

/** An endpoint a storefront page reads before it renders. */
export type StorefrontReadName = keyof StorefrontReads;

/** One RTK Query cache entry of the web app: endpoint, argument, answer (as the JSON API sends it). */
export type PageQuery = { endpointName: StorefrontReadName; arg: unknown; value: unknown };

/** What a storefront page needs before it can be rendered, or where it moved. */
export type PageData = { status: 200 | 404; queries: PageQuery[] } | { redirect: string };
