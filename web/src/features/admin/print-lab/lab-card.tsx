import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DemoChip } from '../shared/lab/demo-chip';
import type { LabSettingsView } from './api';

/** One lab's card on the Print Lab page: its name (a region's name), whether it is on, the demo mark. */
export function LabCard({ lab, children }: { lab: LabSettingsView; children: ReactNode }) {
  const titleId = `lab-${lab.provider}-title`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography id={titleId} variant="h5" component="h2">
          {lab.name}
        </Typography>
        <Chip
          size="small"
          label={lab.enabled ? 'On' : 'Off'}
          color={lab.enabled ? 'success' : 'default'}
          variant={lab.enabled ? 'filled' : 'outlined'}
        />
        {lab.demo && <DemoChip long />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {lab.description}
      </Typography>
      {children}
    </Paper>
  );
}
