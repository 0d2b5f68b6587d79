import type { LineEdition } from '../lib/editions';

/**
 * An order line's edition print, for the buyer: "Edition print 7/25" and the link to its
 * certificate of authenticity (a PDF; not yet there while it is being made, gone if revoked).
 */
export function EditionPrint({ edition, className }: { edition: LineEdition; className?: string }) {
  return (
    <span className={className} style={{ display: 'block' }}>
      {`Edition print ${edition.label}`}
      {edition.revoked ? (
        ' (certificate revoked)'
      ) : edition.certificateUrl ? (
        <>
          {' · '}
          <a href={edition.certificateUrl} target="_blank" rel="noopener">
            Certificate of authenticity
          </a>
        </>
      ) : (
        ' · certificate of authenticity on its way'
      )}
    </span>
  );
}
