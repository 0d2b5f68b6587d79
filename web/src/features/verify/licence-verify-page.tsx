import { useParams } from 'react-router';
import NotFound from '../../components/not-found';
import { PageMeta } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { Skeleton, cx } from '../../components/ui';
import { useSite } from '../../lib/site-context';
import { useGetLicenceCheckQuery, type LicenceCheck } from './api';
import styles from './licence-verify-page.module.css';

// in the shop's time zone: the server and the browser must write the same day (hydration)
const dateText = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });

/**
 * The public check of a licence, reached by its certificate's QR code or the buyer's links: whether
 * it is valid or was revoked, and what it allows. Rendered on the server, works without JavaScript,
 * never indexed; of the buyer it shows the licensee's name only (the answer holds nothing else).
 */
export default function LicenceVerifyPage() {
  const { id = '' } = useParams();
  const { siteName } = useSite();
  const { data, isLoading } = useGetLicenceCheckQuery(id);
  if (data === null || (!isLoading && !data)) return <NotFound />;
  return (
    <div className={cx('container', styles.page)}>
      <meta name="referrer" content="no-referrer" />
      {!data ? (
        <div aria-busy="true" aria-label="Loading the licence">
          <Skeleton style={{ width: '100%', height: 320 }} />
        </div>
      ) : (
        <LicenceCheckView check={data} id={id} siteName={siteName} />
      )}
    </div>
  );
}

function LicenceCheckView({ check, id, siteName }: { check: LicenceCheck; id: string; siteName: string }) {
  const { timeZone } = useSite();
  const status = check.valid ? 'Valid licence' : 'Revoked licence';
  const issued = dateText(check.issuedAt, timeZone);
  const facts: [string, string][] = [
    ['Photo', check.photo.title],
    ['Licensee', check.licensee],
    ['Licence', check.licence.name],
    ['Size', check.sizeLabel],
    ['Issued', issued],
    ['Photographer', check.photographer],
    ['Licence id', check.grantId],
  ];
  return (
    <>
      <PageMeta
        title={`${status}: ${check.photo.title} | ${siteName}`}
        description={`${check.licence.name} licence ${check.grantId} for "${check.photo.title}", ${check.sizeLabel}, issued ${issued}.`}
        path={`/licences/verify/${encodeURIComponent(id)}`}
        siteName={siteName}
        noindex
      />
      <span className="t-overline t-accent">Licence check</span>
      <div className={cx(styles.status, check.valid ? styles.valid : styles.revoked)} role="status">
        {check.valid ? (
          <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path
              d="M7 12.5l3.2 3.2L17 9"
              stroke="#fff"
              strokeWidth="2.2"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
        ) : (
          <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        )}
        <div>
          <h1 className={styles.statusTitle}>{status}</h1>
          <p className={styles.statusText}>
            {check.revokedAt
              ? `Revoked on ${dateText(check.revokedAt, timeZone)}. It no longer allows any use of this photo.`
              : `${check.licensee} may use this photo as the ${check.licence.name} licence below allows.`}
          </p>
        </div>
      </div>
      <div className={styles.summary}>
        {check.photo.thumbnailUrl && (
          <img
            className={styles.image}
            src={check.photo.thumbnailUrl}
            alt={check.photo.title}
            fetchPriority="high"
          />
        )}
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <section className={styles.terms} aria-labelledby="licence-terms">
        <h2 id="licence-terms" className={cx('t-h4', styles.termsTitle)}>
          What this licence allows
        </h2>
        <RichText html={check.licence.termsHtml} headingLevel={2} />
      </section>
    </>
  );
}
