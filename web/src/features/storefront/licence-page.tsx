import { Link, useParams } from 'react-router';
import NotFound from '../../components/not-found';
import { SitePageMeta } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { ArrowBackIcon, ButtonLink, Skeleton, cx } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useGetLicenceQuery } from '../../lib/licences-api';
import styles from './licence-page.module.css';

/**
 * A licence as a buyer reads it before paying (issue 46): its name, what it allows in a line, its
 * terms and its prices per download size (a photo may have its own). Rendered on the server; no
 * script of its own.
 */
export default function LicencePageView() {
  const { slug = '' } = useParams();
  const { data: licence, isLoading, error } = useGetLicenceQuery(slug);
  if (licence === null || (error && isApiError(error) && error.status === 404)) return <NotFound />;
  if (isLoading || !licence)
    return (
      <div className="container-md page" aria-busy="true" aria-label="Loading the licence">
        <Skeleton style={{ width: '60%', height: 48 }} />
        <Skeleton style={{ width: '100%', height: 240, marginTop: 24 }} />
      </div>
    );
  return (
    <div className={cx('container-md page', styles.page)}>
      <SitePageMeta
        page={`${licence.name} licence`}
        description={licence.summary}
        path={`/licences/${licence.slug}`}
      />
      <Link to="/portfolio" className={styles.back}>
        <ArrowBackIcon size="1.25rem" />
        Portfolio
      </Link>
      <span className="t-overline t-accent">Licence</span>
      <h1 className={cx('t-page-title', styles.title)}>{licence.name}</h1>
      {licence.summary && <p className="t-lead t-muted">{licence.summary}</p>}

      <h2 className={cx('t-h5', styles.heading)}>Prices</h2>
      {licence.askMe ? (
        <p>
          This licence is sold on request. <Link to="/contact">Ask me about this licence</Link>.
        </p>
      ) : licence.prices.length ? (
        <>
          <dl className={styles.prices}>
            {licence.prices.map((p) => (
              <div key={p.sizeId} className={styles.priceRow}>
                <dt>{p.label}</dt>
                <dd>{formatPrice(p.price)}</dd>
              </div>
            ))}
          </dl>
          <p className="t-body2 t-muted">A photo may have its own prices; its page shows them.</p>
        </>
      ) : (
        <p className="t-muted">Not offered in any size at the moment.</p>
      )}

      <h2 className={cx('t-h5', styles.heading)}>Terms</h2>
      {licence.termsHtml ? (
        <RichText html={licence.termsHtml} headingLevel={2} />
      ) : (
        <p className="t-muted">No terms written yet.</p>
      )}

      <div className={styles.more}>
        <ButtonLink to="/portfolio" variant="contained" size="large">
          Back to the portfolio
        </ButtonLink>
      </div>
    </div>
  );
}
