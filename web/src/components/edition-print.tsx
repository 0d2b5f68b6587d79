import type { LineEdition } from '../lib/editions';

/**
 * An order line's edition prints, for the buyer: "Edition print 7/25" and the link to its
 * certificate of authenticity (a PDF; not yet there while it is being made, gone if revoked); a
 * line of several prints, "Edition prints 7/25, 8/25" and each print's certificate.
 */
export function EditionPrint({ edition, className }: { edition: LineEdition; className?: string }) {
  const prints = edition.prints.length ? edition.prints : [edition];
  if (prints.length === 1)
    return (
      <span className={className} style={{ display: 'block' }}>
        {`Edition print ${prints[0]!.label}`}
        <Certificate print={prints[0]!} />
      </span>
    );
  return (
    <span className={className} style={{ display: 'block' }}>
      {`Edition prints ${prints.map((p) => p.label).join(', ')}`}
      {prints.map((print) => (
        <span key={print.number} style={{ display: 'block' }}>
          {`Print ${print.label}`}
          <Certificate print={print} named />
        </span>
      ))}
    </span>
  );
}

/** `named`: one of several links, so its name says which print's (the visible text starts it). */
function Certificate({ print, named = false }: { print: LineEdition['prints'][number]; named?: boolean }) {
  if (print.revoked) return ' (certificate revoked)';
  if (!print.certificateUrl) return ' · certificate of authenticity on its way';
  return (
    <>
      {' · '}
      <a
        href={print.certificateUrl}
        target="_blank"
        rel="noopener"
        aria-label={named ? `Certificate of authenticity ${print.label}` : undefined}
      >
        Certificate of authenticity
      </a>
    </>
  );
}
