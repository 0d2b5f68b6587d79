import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { SubPage } from '../shared/sub-page';
import { FormSection } from '../shared/form-section';
import { LoadError } from '../shared/load-error';
import { CenteredSpinner } from '../shared/centered-spinner';
import { useActionToast } from '../shared/action-toast';
import {
  useArchiveDownloadSizeMutation,
  useArchiveLicenceMutation,
  useGetLicenceCatalogueQuery,
  type AdminDownloadSize,
  type AdminLicence,
} from './api';
import { LicenceDialog } from './licence-dialog';
import { SizeDialog } from './size-dialog';
import { PriceGrid } from './price-grid';

/**
 * What she sells of files (issue 46): her licences (name, summary, terms, "Ask me", "Taxable"),
 * the download sizes, and the default price of each licence in each size. A photo can change its
 * own on its edit page ("Downloads and licences").
 */
export default function LicencesPage() {
  const { data, error, isLoading, refetch, isFetching } = useGetLicenceCatalogueQuery();
  const [licence, setLicence] = useState<AdminLicence | null | 'new'>(null);
  const [size, setSize] = useState<AdminDownloadSize | null | 'new'>(null);
  const [archiveLicence] = useArchiveLicenceMutation();
  const [archiveSize] = useArchiveDownloadSizeMutation();
  const act = useActionToast();

  return (
    <SubPage title="Licences" backTo="/admin/sale-items" backLabel="Sale Items" maxWidth="md">
      {isLoading ? (
        <CenteredSpinner label="Loading the licences" />
      ) : error || !data ? (
        <LoadError what="licences" error={error} onRetry={refetch} retrying={isFetching} />
      ) : (
        <Stack spacing={3}>
          <FormSection
            title="Licences"
            description="What a buyer may do with a file. Each has its own page buyers read before paying."
          >
            <Stack spacing={1.5}>
              {data.licences
                .filter((l) => !l.archived)
                .map((l) => (
                  <Paper key={l.id} variant="outlined" sx={{ p: 2 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {l.name}
                      </Typography>
                      {l.askMe && <Chip size="small" label="Ask me" />}
                      {!l.taxable && <Chip size="small" label="Not taxable" variant="outlined" />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {l.summary || 'No summary'} · /licences/{l.slug}
                    </Typography>
                    <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Button size="small" variant="outlined" onClick={() => setLicence(l)}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() =>
                          act(() => archiveLicence(l.id).unwrap(), {
                            done: { title: 'Licence archived', description: `${l.name} is no longer sold.` },
                            failure: 'archive the licence',
                          })
                        }
                      >
                        Archive
                      </Button>
                    </Box>
                  </Paper>
                ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => setLicence('new')}
                sx={{ alignSelf: 'flex-start' }}
              >
                Add a licence
              </Button>
            </Stack>
          </FormSection>

          <FormSection
            title="Download sizes"
            description="The files a buyer can choose, e.g. 'Web, 2048 px'."
          >
            <Stack spacing={1}>
              {data.sizes
                .filter((s) => !s.archived)
                .map((s) => (
                  <Stack
                    key={s.id}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
                  >
                    <Typography>
                      {s.label}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {s.longEdgePx === null ? 'full resolution' : `${s.longEdgePx} px long edge`}
                      </Typography>
                    </Typography>
                    <Box>
                      <Button size="small" onClick={() => setSize(s)}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() =>
                          act(() => archiveSize(s.id).unwrap(), {
                            done: { title: 'Size archived', description: `${s.label} is no longer sold.` },
                            failure: 'archive the size',
                          })
                        }
                      >
                        Archive
                      </Button>
                    </Box>
                  </Stack>
                ))}
              <Button startIcon={<AddIcon />} onClick={() => setSize('new')} sx={{ alignSelf: 'flex-start' }}>
                Add a size
              </Button>
            </Stack>
          </FormSection>

          <FormSection
            title="Prices"
            description="The default price of each licence in each size, in dollars. Blank: not offered in that size."
          >
            <PriceGrid catalogue={data} />
          </FormSection>
        </Stack>
      )}
      {licence !== null && (
        <LicenceDialog licence={licence === 'new' ? null : licence} onClose={() => setLicence(null)} />
      )}
      {size !== null && <SizeDialog size={size === 'new' ? null : size} onClose={() => setSize(null)} />}
    </SubPage>
  );
}
