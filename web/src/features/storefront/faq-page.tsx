import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { SitePageMeta } from '../../components/page-meta';
import { useGetFaqsQuery } from '../../lib/content-api';

export default function FaqPage() {
  const { data: faqs, isLoading } = useGetFaqsQuery();
  // Single-open: expanding one question collapses the others.
  const [expanded, setExpanded] = useState<number | false>(false);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <SitePageMeta
        page="FAQ"
        description="Frequently asked questions about the prints, shipping and everything in between."
        path="/faq"
      />
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center', mb: { xs: 5, md: 7 } }}>
        <Typography variant="h1" sx={{ fontSize: 'clamp(2.1rem, 3vw + 1rem, 3.25rem)' }}>
          Frequently Asked Questions
        </Typography>
        <Typography variant="subtitle1" color="text.secondary" sx={{ maxWidth: 560 }}>
          Prints, shipping and everything in between.
        </Typography>
      </Stack>

      {isLoading ? (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading questions">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : !faqs || faqs.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          No FAQs found. Check back soon!
        </Typography>
      ) : (
        <Box>
          {faqs.map((faq) => (
            <Accordion
              key={faq.id}
              disableGutters
              slots={{ heading: 'h2' }}
              expanded={expanded === faq.id}
              onChange={(_event, isExpanded) => setExpanded(isExpanded ? faq.id : false)}
              sx={{
                bgcolor: 'background.paper',
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 1.5,
                mb: 1.5,
                boxShadow: 'none',
                '&::before': { display: 'none' },
                '&.Mui-expanded': { borderColor: 'primary.light' },
              }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                aria-controls={`faq-${faq.id}-answer`}
                id={`faq-${faq.id}-question`}
                sx={{ px: { xs: 2, sm: 3 }, py: 0.5 }}
              >
                <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
                  {faq.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${faq.id}-answer`} sx={{ px: { xs: 2, sm: 3 }, pb: 3, pt: 0 }}>
                <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                  {faq.answer}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}

      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', mt: { xs: 7, md: 10 } }}>
        <Typography variant="h4" component="h2">
          Still have a question?
        </Typography>
        <Button component={RouterLink} to="/contact" variant="contained" size="large">
          Contact Me
        </Button>
      </Stack>
    </Container>
  );
}
