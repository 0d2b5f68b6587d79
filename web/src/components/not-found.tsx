import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { useSite } from '../lib/content-api';
import { PageMeta } from './page-meta';

export default function NotFound() {
  const { siteName } = useSite();
  const { pathname } = useLocation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <PageMeta
        title="404 Page Not Found"
        description="Did you forget to add the page to the router?"
        path={pathname}
        siteName={siteName}
        noindex
      />
      <Typography variant="h2" component="h1" gutterBottom>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Did you forget to add the page to the router?
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Back to Home
      </Button>
    </Container>
  );
}
