import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { nestHeadings } from './nest-headings';

export type RichTextProps = {
  /** HTML sanitized by the server on write (allowlist: p, strong, em, u, h2-h4, lists, a, br). */
  html: string;
  /** The level of the heading this text sits under; its own headings start one below. */
  headingLevel?: number;
  sx?: SxProps<Theme>;
};

/** Renders stored rich text with the site's reading typography. */
export function RichText({ html, headingLevel, sx }: RichTextProps) {
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
    <Box
      onClick={onClick}
      // The server sanitizes rich text on write, so the stored HTML is safe to render as is.
      dangerouslySetInnerHTML={{ __html: headingLevel ? nestHeadings(html, headingLevel) : html }}
      sx={[
        (theme) => ({
          color: 'text.primary',
          fontSize: '1.05rem',
          lineHeight: 1.75,
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p': { my: 2 },
          '& :is(h2, h3, h4, h5)': {
            fontFamily: theme.typography.h2.fontFamily,
            fontWeight: 400,
            lineHeight: 1.25,
            mt: 4,
            mb: 1.5,
          },
          // sized by the level the owner chose (data-as when nestHeadings moved it)
          '& h2:not([data-as]), & [data-as="h2"]': { fontSize: '1.75rem' },
          '& h3:not([data-as]), & [data-as="h3"]': { fontSize: '1.4rem' },
          '& h4:not([data-as]), & [data-as="h4"]': { fontSize: '1.15rem' },
          '& ul, & ol': { pl: 3, my: 2 },
          '& li': { mb: 0.75 },
          '& a': {
            color: 'primary.main',
            textDecorationThickness: '1px',
            textUnderlineOffset: '3px',
            '&:hover': { color: 'primary.dark' },
          },
          '& strong': { fontWeight: 700 },
        }),
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    />
  );
}
