import type { PhotoDetail } from '../../lib/api-types';

/**
 * The photo page's structured data (schema.org JSON-LD): the photograph and, when prints are
 * offered, a Product with one Offer per print option. A limited edition makes the photograph also a
 * VisualArtwork with its artEdition, and its offers LimitedAvailability (SoldOut when none is left).
 */
export function photoJsonLd(
  photo: PhotoDetail,
  {
    origin,
    siteName,
    photographerName,
    description,
  }: {
    origin: string;
    siteName: string;
    /** Empty when unset: the shop is then the creator. */
    photographerName: string;
    description: string;
  },
): Record<string, unknown> {
  const pageUrl = `${origin}/photo/${photo.id}`;
  const imageUrl = `${origin}/api/photos/${photo.id}/image`;
  const creator = photographerName
    ? { '@type': 'Person', name: photographerName }
    : { '@type': 'Organization', name: siteName };
  const options = photo.printOptions ?? [];
  const editions = options.map((o) => o.edition);
  // the shared edition, else the largest per-size one (artEdition is one number)
  const artEdition = photo.edition?.size ?? Math.max(0, ...editions.map((e) => e?.size ?? 0));
  const common = photo.species?.common?.trim();
  const scientific = photo.species?.scientific?.trim();
  const about =
    common || scientific
      ? {
          '@type': 'Taxon',
          ...(scientific ? { name: scientific } : { name: common }),
          ...(scientific && common ? { alternateName: common } : {}),
        }
      : null;
  const graph: Record<string, unknown>[] = [
    {
      '@type': artEdition ? ['Photograph', 'VisualArtwork'] : 'Photograph',
      ...(artEdition ? { artEdition, artform: 'Photograph' } : {}),
      '@id': `${pageUrl}#photograph`,
      name: photo.title,
      description,
      url: pageUrl,
      image: imageUrl,
      creator,
      author: creator,
      ...(photo.dateTaken ? { dateCreated: photo.dateTaken } : {}),
      // the server sends a protected photo's place and date already generalized
      ...(photo.location ? { contentLocation: { '@type': 'Place', name: photo.location } } : {}),
      ...(about ? { about } : {}),
    },
  ];
  if (options.length) {
    graph.push({
      '@type': 'Product',
      '@id': `${pageUrl}#print`,
      name: `${photo.title} (fine art print)`,
      description,
      image: imageUrl,
      url: pageUrl,
      brand: { '@type': 'Brand', name: siteName },
      subjectOf: { '@id': `${pageUrl}#photograph` },
      offers: options.map((o, i) => ({
        '@type': 'Offer',
        name: `${o.size} ${o.format}`,
        price: o.price.toFixed(2),
        priceCurrency: 'USD',
        availability: editions[i]
          ? `https://schema.org/${editions[i].soldOut ? 'SoldOut' : 'LimitedAvailability'}`
          : 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: pageUrl,
        shippingDetails: {
          '@type': 'OfferShippingDetails',
          shippingRate: { '@type': 'MonetaryAmount', value: o.shipping.toFixed(2), currency: 'USD' },
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
        },
      })),
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}
