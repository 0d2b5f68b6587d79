import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';

/** A page that is only a message: a heading, a sentence and one way on (not found, failed to load). */
export function MessagePage({
  title,
  text,
  action,
  head,
  titleVariant = 'h2',
}: {
  title: string;
  text: string;
  /** The button that leads on. */
  action: ReactNode;
  /** The page's <head> tags (PageMeta), when it has its own. */
  head?: ReactNode;
  titleVariant?: TypographyProps['variant'];
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      {head}
      <Typography variant={titleVariant} component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {text}
      </Typography>
      {action}
    </Container>
  );
}
