import { useState } from 'react';
import type { Faq } from '../../lib/api-types';
import { SitePageMeta } from '../../components/page-meta';
import { ButtonLink, ExpandMoreIcon, Skeleton, cx } from '../../components/ui';
import { useGetFaqsQuery } from '../../lib/content-api';
import styles from './faq-page.module.css';

export default function FaqPage() {
  const { data: faqs, isLoading } = useGetFaqsQuery();
  // Single-open: expanding one question collapses the others.
  const [expanded, setExpanded] = useState<number | false>(false);

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
            <FaqItem
              key={faq.id}
              faq={faq}
              open={expanded === faq.id}
              onToggle={() => setExpanded(expanded === faq.id ? false : faq.id)}
            />
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

/** A question as a heading holding a disclosure button, and its answer as a region it controls. */
function FaqItem({ faq, open, onToggle }: { faq: Faq; open: boolean; onToggle: () => void }) {
  const questionId = `faq-${faq.id}-question`;
  const answerId = `faq-${faq.id}-answer`;
  return (
    <div className={cx(styles.item, open && styles.open)}>
      <h2>
        <button
          type="button"
          id={questionId}
          className={styles.question}
          aria-expanded={open}
          aria-controls={answerId}
          onClick={onToggle}
        >
          <span className={styles.questionText}>{faq.question}</span>
          <span className={styles.expandIcon}>
            <ExpandMoreIcon />
          </span>
        </button>
      </h2>
      <div className={styles.collapse}>
        <div className={styles.collapseInner}>
          <div id={answerId} role="region" aria-labelledby={questionId} className={styles.answer}>
            <p className="t-muted">{faq.answer}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
