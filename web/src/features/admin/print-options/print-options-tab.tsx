import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import TuneIcon from '@mui/icons-material/Tune';
import GavelIcon from '@mui/icons-material/Gavel';
import { formatPrice } from '../../../lib/format';
import { useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { aspectRatioLabel } from '../shared/aspect-ratio';
import { groupByRatio } from './print-option-model';
import { LoadError } from '../shared/load-error';
import { TabHeader } from '../shared/tab-header';

type View = 'overview' | 'by-ratio';

/** The screens that edit the catalogue and its assignment to photos. */
const LINKS = [
  { to: '/admin/manage-item-options', variant: 'contained', Icon: TuneIcon, label: 'Manage Options' },
  {
    to: '/admin/manage-photo-options',
    variant: 'outlined',
    Icon: LinkIcon,
    label: 'Assign Options to Photos',
  },
  // downloads and their licences (issue 46), sold beside the prints
  { to: '/admin/licences', variant: 'outlined', Icon: GavelIcon, label: 'Licences' },
] as const;

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h3" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

export default function PrintOptionsTab() {
  const { data: options, error, isLoading, refetch, isFetching } = useGetPrintOptionsQuery();
  const [view, setView] = useState<View>('overview');
  const groups = groupByRatio(options ?? []);

  return (
    <Box>
      <TabHeader title="Sale Items" from="md" gap={1.5} mb={2}>
        {LINKS.map(({ to, variant, Icon, label }) => (
          <Button key={to} component={RouterLink} to={to} variant={variant} startIcon={<Icon />}>
            {label}
          </Button>
        ))}
      </TabHeader>

      <Tabs
        value={view}
        onChange={(_e, next: View) => setView(next)}
        aria-label="Sale item views"
        variant="fullWidth"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 420 } }}
      >
        <Tab
          value="overview"
          label="Overview"
          id="print-options-tab-overview"
          aria-controls="print-options-panel"
        />
        <Tab
          value="by-ratio"
          label="By Aspect Ratio"
          id="print-options-tab-by-ratio"
          aria-controls="print-options-panel"
        />
      </Tabs>

      <Box role="tabpanel" id="print-options-panel" aria-labelledby={`print-options-tab-${view}`}>
        {error && !options ? (
          <LoadError onRetry={refetch} retrying={isFetching} what="print options" error={error} />
        ) : isLoading ? (
          <Skeleton variant="rounded" height={140} />
        ) : view === 'overview' ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
            >
              <Stat label="Total print options" value={options?.length ?? 0} />
              <Stat label="Aspect ratios" value={groups.length} />
            </Box>
            {groups.length === 0 ? (
              <Typography color="text.secondary">
                No print options yet. Use Manage Options to create the first one.
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {groups.map((group) => (
                  <Chip
                    key={group.ratio}
                    label={`${aspectRatioLabel(group.ratio)}: ${group.options.length} option${group.options.length === 1 ? '' : 's'}`}
                    variant="outlined"
                  />
                ))}
              </Box>
            )}
          </Box>
        ) : groups.length === 0 ? (
          <Typography color="text.secondary">No print options yet.</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
            }}
          >
            {groups.map((group) => (
              <Card key={group.ratio} component="section" aria-label={`Aspect ratio ${group.ratio}`}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {aspectRatioLabel(group.ratio)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {group.options.length} option{group.options.length === 1 ? '' : 's'}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {group.options.map((option, index) => (
                      <li key={option.id}>
                        {index > 0 && <Divider />}
                        <Box
                          sx={{
                            display: 'flex',
                            flexWrap: 'wrap',
                            justifyContent: 'space-between',
                            gap: 1,
                            py: 1,
                          }}
                        >
                          <Box sx={{ minWidth: 0 }}>
                            <Typography sx={{ fontWeight: 600 }}>{option.size}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {option.format}
                            </Typography>
                          </Box>
                          <Box sx={{ textAlign: 'right' }}>
                            <Typography sx={{ fontWeight: 600 }}>{formatPrice(option.price)}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              + {formatPrice(option.shipping)} shipping
                            </Typography>
                          </Box>
                        </Box>
                      </li>
                    ))}
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
