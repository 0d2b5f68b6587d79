import type { SyntheticEvent } from 'react';
import type { Faq } from '../../lib/api-types';
import { SitePageMeta } from '../../components/page-meta';
import { ButtonLink, ExpandMoreIcon, Skeleton, cx } from '../../components/ui';
import { useGetFaqsQuery } from '../../lib/content-api';
import styles from './faq-page.module.css';

export default function FaqPage() {
  const { data: faqs, isLoading } = useGetFaqsQuery();

  return (
    <div className={'container-md page'}>
      <SitePageMeta
        page="FAQ"
        description="Frequently asked questions about the prints, shipping and everything in between."
        path="/faq"
      />
      <div className={cx('page-header', styles.header)}>
        <h1 className="t-page-title">Frequently Asked Questions</h1>
        <p className={cx('t-lead t-muted', styles.lead)}>Prints, shipping and everything in between.</p>
      </div>

      {isLoading ? (
        <div className={styles.loading} aria-busy="true" aria-label="Loading questions">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className={styles.loadingRow} />
          ))}
        </div>
      ) : !faqs || faqs.length === 0 ? (
        <p className={cx('t-muted t-center', styles.empty)}>No FAQs found. Check back soon!</p>
      ) : (
        <div>
          {faqs.map((faq) => (
            <FaqItem key={faq.id} faq={faq} />
          ))}
        </div>
      )}

      <div className={styles.more}>
        <h2 className="t-h4">Still have a question?</h2>
        <ButtonLink to="/contact" variant="contained" size="large">
          Contact Me
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * A question and its answer as a <details> element: it opens without JavaScript too, and the
 * shared name makes the list single-open in the browser itself (onToggle does it where the
 * browser does not know the name attribute yet).
 */
function FaqItem({ faq }: { faq: Faq }) {
  return (
    <details name="faq" className={styles.item} onToggle={closeOthers}>
      <summary className={styles.question}>
        <h2 className={styles.questionText}>{faq.question}</h2>
        <span aria-hidden className={styles.expandIcon}>
          <ExpandMoreIcon />
        </span>
      </summary>
      <div className={styles.answer}>
        <p className="t-muted">{faq.answer}</p>
      </div>
    </details>
  );
}

function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  for (const other of document.querySelectorAll<HTMLDetailsElement>('details[name="faq"][open]'))
    if (other !== opened) other.open = false;
}
