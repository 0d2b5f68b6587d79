import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';

type ListHeaderProps = {
  title: string;
  description: string;
  /** h2 for a tab of its own, h3 for a panel inside a tab. */
  level: 'h2' | 'h3';
} & ({ addLabel: string; onAdd: () => void } | { action: ReactNode });

/** The heading of an admin list with its add button (or other action) beside it, under it on a phone. */
export function ListHeader({ title, description, level, ...rest }: ListHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography variant={level === 'h2' ? 'h5' : 'h6'} component={level}>
          {title}
        </Typography>
        <Typography variant={level === 'h2' ? undefined : 'body2'} color="text.secondary">
          {description}
        </Typography>
      </Box>
      {'action' in rest ? (
        rest.action
      ) : (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={rest.onAdd}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {rest.addLabel}
        </Button>
      )}
    </Box>
  );
}

/** Three grey placeholders while a list loads. */
export function ListSkeleton({ label, height }: { label: string; height: number }) {
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

/** What an empty list says instead. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
