import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cx } from './ui';
import { nestHeadings } from './nest-headings';
import styles from './rich-text.module.css';

export type RichTextProps = {
  /** HTML sanitized by the server on write (allowlist: p, strong, em, u, h2-h4, lists, a, br). */
  html: string;
  /** The level of the heading this text sits under; its own headings start one below. */
  headingLevel?: number;
  className?: string;
};

/** Renders stored rich text with the site's reading typography. */
export function RichText({ html, headingLevel, className }: RichTextProps) {
  const navigate = useNavigate();
  // Links to our own pages inside stored HTML navigate in the app instead of reloading the page.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return (
    <div
      onClick={onClick}
      className={cx(styles.richText, className)}
      // The server sanitizes rich text on write, so the stored HTML is safe to render as is.
      dangerouslySetInnerHTML={{ __html: headingLevel ? nestHeadings(html, headingLevel) : html }}
    />
  );
}
