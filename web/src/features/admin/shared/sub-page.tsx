import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { rowFrom } from './row-from';

type SubPageProps = {
  title: string;
  backTo: string;
  backLabel: string;
  /** Shown next to the heading on wide screens, under it on a phone. */
  actions?: ReactNode;
  maxWidth?: 'md' | 'lg' | 'xl';
  children: ReactNode;
};

/** Layout of an admin screen outside the tabs: a back link, the heading, then the content. */
export function SubPage({ title, backTo, backLabel, actions, maxWidth = 'lg', children }: SubPageProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <title>{`${title} | Admin`}</title>
      <Button
        component={RouterLink}
        to={backTo}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1.5, ml: -1 }}
      >
        {backLabel}
      </Button>
      <Box
        sx={{
          ...rowFrom('sm'),
          justifyContent: 'space-between',
          gap: 2,
          mb: { xs: 2.5, sm: 4 },
        }}
      >
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Container>
  );
}
