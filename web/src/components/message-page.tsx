import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import { useSite } from '../lib/content-api';
import { PageMeta } from './page-meta';

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
  titleVariant?: TypographyProps['variant'];
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      {meta && <NoindexMeta title={meta.title} description={text} path={meta.path} />}
      <Typography variant={titleVariant} component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {text}
      </Typography>
      {link ? (
        <Button component={RouterLink} to={link.to} variant="contained" size="large">
          {link.label}
        </Button>
      ) : (
        action
      )}
    </Container>
  );
}

function NoindexMeta(props: { title: string; description: string; path: string }) {
  const { siteName } = useSite();
  return <PageMeta {...props} siteName={siteName} noindex />;
}
