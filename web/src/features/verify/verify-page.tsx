import { useParams } from 'react-router';
import NotFound from '../../components/not-found';
import { PageMeta } from '../../components/page-meta';
import { Skeleton, cx } from '../../components/ui';
import { useSite } from '../../lib/site-context';
import { useGetCertificateCheckQuery } from './api';
import styles from './verify-page.module.css';

/**
 * The public check of a certificate of authenticity, reached by its QR code: the print it
 * certifies and whether it still holds. Rendered on the server, works without JavaScript, never
 * indexed; it shows nothing of the buyer.
 */
export default function VerifyPage() {
  const { id = '' } = useParams();
  const { siteName } = useSite();
  const { data, isLoading } = useGetCertificateCheckQuery(id);
  if (data === null || (!isLoading && !data)) return <NotFound />;
  const path = `/verify/${encodeURIComponent(id)}`;
  return (
    <div className={cx('container', styles.page)}>
      <meta name="referrer" content="no-referrer" />
      {!data ? (
        <div aria-busy="true" aria-label="Loading the certificate">
          <Skeleton style={{ width: '100%', aspectRatio: '3 / 2' }} />
        </div>
      ) : (
        <>
          <PageMeta
            title={`Certificate of authenticity: ${data.photoTitle} | ${siteName}`}
            description={data.summary}
            path={path}
            siteName={siteName}
            noindex
          />
          <span className="t-overline t-accent">Certificate of authenticity</span>
          <h1 className={cx('t-page-title', styles.title)}>{data.photoTitle}</h1>
          <p className={styles.print}>{data.summary}</p>
          <img className={styles.image} src={data.imageUrl} alt={data.photoTitle} fetchPriority="high" />
          {!data.valid ? (
            <div className={cx(styles.status, styles.revoked)} role="status">
              <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="11" fill="currentColor" />
                <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <div>
                <p className={styles.statusTitle}>This certificate was revoked.</p>
                <p className={styles.statusText}>
                  The print it was issued for is no longer part of the edition.
                </p>
              </div>
            </div>
          ) : (
            <div className={cx(styles.status, styles.valid)} role="status">
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
              <div>
                <p className={styles.statusTitle}>Valid certificate</p>
                <p className={styles.statusText}>
                  Issued by {siteName} for print {data.number} of {data.editionSize} of this limited edition.
                </p>
              </div>
            </div>
          )}
          <p className={cx('t-muted', styles.id)}>Certificate {data.certificateId}</p>
        </>
      )}
    </div>
  );
}
