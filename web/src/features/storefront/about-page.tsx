import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { ResponsiveImage } from '../../components/responsive-image';
import { RichText } from '../../components/rich-text';
import { useGetAboutQuery, useSite } from '../../lib/content-api';
import {
  DEFAULT_APPROACH_TEXT,
  DEFAULT_HEADSHOT,
  DEFAULT_MAIN_BIO,
  DEFAULT_SERVICES_TEXT,
} from './about-defaults';

export default function AboutPage() {
  const { photographerName, loaded } = useSite();
  const { data: about, isLoading, error } = useGetAboutQuery();

  // A failed load is only logged; the built-in text shows instead.
  useEffect(() => {
    if (error) console.error('Failed to load about content', error);
  }, [error]);

  const mainBio = about?.mainBio ?? DEFAULT_MAIN_BIO;
  const approachText = about?.approachText ?? DEFAULT_APPROACH_TEXT;
  const servicesText = about?.servicesText ?? DEFAULT_SERVICES_TEXT;

  return (
    <>
      <SitePageMeta
        page="About"
        description={`About ${photographerName}, an amateur nature photographer in Washington, DC, and the prints on offer.`}
        path="/about"
      />
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <SplitColumns fr={[5, 7]} gap={{ xs: 4, md: 8 }}>
          <Box sx={{ maxWidth: { xs: 360, md: 'none' }, mx: { xs: 'auto', md: 0 }, width: '100%' }}>
            {isLoading ? (
              <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
            ) : (
              <Box sx={{ borderRadius: 2, overflow: 'hidden', boxShadow: '0 18px 40px rgba(31,38,34,0.12)' }}>
                <ResponsiveImage
                  src={about?.headshotUrl ?? DEFAULT_HEADSHOT}
                  alt={loaded ? `Portrait of ${photographerName}` : 'Portrait of the photographer'}
                  ratio={1}
                  priority
                />
              </Box>
            )}
          </Box>
          <Box>
            <Typography variant="overline" color="secondary.dark">
              About
            </Typography>
            <Typography variant="h1" sx={{ fontSize: 'clamp(2.1rem, 3vw + 1rem, 3.25rem)', mt: 1, mb: 3 }}>
              {loaded ? `Hello, I'm ${photographerName}` : 'About the Photographer'}
            </Typography>
            {isLoading ? <TextSkeleton /> : <RichText html={mainBio} headingLevel={1} />}
          </Box>
        </SplitColumns>
      </Container>

      <Box component="section" sx={{ bgcolor: 'secondary.light', py: { xs: 7, md: 11 } }}>
        <Container maxWidth="lg">
          <Box
            sx={{ display: 'grid', gap: { xs: 6, md: 8 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          >
            <Box component="article" aria-labelledby="approach-heading">
              <Typography id="approach-heading" variant="h3" component="h2" sx={{ mb: 2.5 }}>
                My Approach
              </Typography>
              {isLoading ? <TextSkeleton /> : <RichText html={approachText} headingLevel={2} />}
            </Box>
            <Box component="article" aria-labelledby="services-heading">
              <Typography id="services-heading" variant="h3" component="h2" sx={{ mb: 2.5 }}>
                Prints &amp; Services
              </Typography>
              {isLoading ? <TextSkeleton /> : <RichText html={servicesText} headingLevel={2} />}
            </Box>
          </Box>
        </Container>
      </Box>
    </>
  );
}

function TextSkeleton() {
  return (
    <Box aria-hidden>
      {[100, 96, 98, 70].map((width, i) => (
        <Skeleton key={i} variant="text" sx={{ width: `${width}%`, fontSize: '1.05rem' }} />
      ))}
    </Box>
  );
}
