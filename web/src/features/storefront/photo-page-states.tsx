import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { MessagePage } from '../../components/message-page';
import { useSite } from '../../lib/content-api';
import { pageTitle } from '../../lib/page-title';

// What the photo page shows instead of a photo: while it loads, when there is none, when it failed.

export function PhotoSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }} aria-busy="true" aria-label="Loading photo">
      <Skeleton variant="text" sx={{ width: 100, mb: { xs: 2.5, md: 4 } }} />
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 7 }, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 2' }} />
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '2.6rem', width: '80%' }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" sx={{ width: '60%', mb: 4 }} />
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={96} />
            ))}
          </Box>
          <Skeleton variant="rounded" height={52} sx={{ mt: 3, borderRadius: 999 }} />
        </Box>
      </Box>
    </Container>
  );
}

export function PhotoNotFound() {
  const { siteName } = useSite();
  const { id = '' } = useParams();
  return (
    <MessagePage
      meta={{ title: pageTitle(siteName, 'Photo Not Found'), path: `/photo/${id}` }}
      title="Photo Not Found"
      text="The photo you are looking for does not exist or has been removed."
      link={{ to: '/portfolio', label: 'Return to Portfolio' }}
    />
  );
}

export function PhotoLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <MessagePage
      titleVariant="h3"
      title="This photo could not be loaded"
      text="Please check your connection and try again."
      action={
        <Button variant="contained" onClick={onRetry}>
          Try Again
        </Button>
      }
    />
  );
}
