import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SitePageMeta } from '../../components/page-meta';
import { useGetCategoriesQuery, useGetPhotosQuery } from '../../lib/catalog-api';
import { useSite } from '../../lib/content-api';
import { PhotoCard, PhotoCardSkeleton, photoGridSx } from './photo-card';
import { filterByCategory, portfolioTitle } from './portfolio-filter';

const SKELETON_COUNT = 6;

export default function PortfolioPage() {
  const { category } = useParams();
  const { photographerName } = useSite();
  // One list request for every category; filtering happens here, so switching is instant.
  const { data: photos, isLoading, isError, refetch } = useGetPhotosQuery();
  const { data: categories } = useGetCategoriesQuery();
  const title = portfolioTitle(category, categories);
  const visible = filterByCategory(photos ?? [], category);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <SitePageMeta
        page={title}
        description={`${title} by ${photographerName}. Explore my collection of photographs for sale.`}
        path={category ? `/portfolio/${encodeURIComponent(category)}` : '/portfolio'}
      />
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center', mb: { xs: 4, md: 6 } }}>
        <Typography variant="h1" sx={{ fontSize: 'clamp(2.1rem, 4vw + 1rem, 3.5rem)' }}>
          {title}
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          Explore my collection of photographs for sale.
        </Typography>
      </Stack>

      <Stack
        component="nav"
        aria-label="Categories"
        direction="row"
        sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 1, mb: { xs: 5, md: 7 } }}
      >
        <FilterButton to="/portfolio" label="All" active={!category} />
        {(categories ?? []).map((c) => (
          <FilterButton
            key={c.id}
            to={`/portfolio/${c.name}`}
            label={c.displayName}
            active={category === c.name}
          />
        ))}
      </Stack>

      {isLoading ? (
        <Box sx={photoGridSx} aria-busy="true" aria-label="Loading photos">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <PhotoCardSkeleton key={i} />
          ))}
        </Box>
      ) : isError ? (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }}>
          <Typography color="text.secondary">
            The photos could not be loaded. Please try again later.
          </Typography>
          <Button variant="outlined" onClick={() => refetch()}>
            Try Again
          </Button>
        </Stack>
      ) : visible.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8 }}>
          No photos found in this category.
        </Typography>
      ) : (
        <Box sx={photoGridSx}>
          {visible.map((photo, index) => (
            <PhotoCard key={photo.id} photo={photo} headingLevel="h2" priority={index < 2} />
          ))}
        </Box>
      )}
    </Container>
  );
}

function FilterButton({ to, label, active }: { to: string; label: string; active: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      preventScrollReset
      variant={active ? 'contained' : 'outlined'}
      aria-current={active ? 'page' : undefined}
      sx={{ minWidth: 72 }}
    >
      {label}
    </Button>
  );
}
