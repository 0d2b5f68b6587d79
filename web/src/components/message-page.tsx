import type { ReactNode } from 'react';
import { useSite } from '../lib/site-context';
import { PageMeta } from './page-meta';
import { ButtonLink, cx } from './ui';
import styles from './message-page.module.css';

/** A page that is only a message: a heading, a sentence and one way on (not found, failed to load). */
export function MessagePage({
  title,
  text,
  link,
  action,
  meta,
  titleVariant = 'h2',
}: {
  title: string;
  text: string;
  /** Where the page's one button leads... */
  link?: { to: string; label: string };
  /** ...or that button itself, when it does something else. */
  action?: ReactNode;
  /** For a page of its own: its <head> title and path (never indexed; the text is its description). */
  meta?: { title: string; path: string };
  /** The size of the heading (always an h1), from the type scale. */
  titleVariant?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}) {
  return (
    <div className={cx('container-sm', styles.page)}>
      {meta && <NoindexMeta title={meta.title} description={text} path={meta.path} />}
      <h1 className={cx(`t-${titleVariant}`, styles.title)}>{title}</h1>
      <p className={cx('t-muted', styles.text)}>{text}</p>
      {link ? (
        <ButtonLink to={link.to} variant="contained" size="large">
          {link.label}
        </ButtonLink>
      ) : (
        action
      )}
    </div>
  );
}

function NoindexMeta(props: { title: string; description: string; path: string }) {
  const { siteName } = useSite();
  return <PageMeta {...props} siteName={siteName} noindex />;
}
