import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import { useSite } from '../lib/content-api';
import { MessagePage } from './message-page';
import { PageMeta } from './page-meta';

const TEXT = 'Did you forget to add the page to the router?';

export default function NotFound() {
  const { siteName } = useSite();
  const { pathname } = useLocation();
  return (
    <MessagePage
      head={
        <PageMeta title="404 Page Not Found" description={TEXT} path={pathname} siteName={siteName} noindex />
      }
      title="404 Page Not Found"
      text={TEXT}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Back to Home
        </Button>
      }
    />
  );
}
