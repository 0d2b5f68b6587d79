import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = {
  /** The heading's element id: the card (a list item) is named by it. */
  headingId: string;
  /** The heading (with its own id) and what stands beside it (a chip). */
  title: ReactNode;
  /** The lines under the heading. */
  children: ReactNode;
  /** The row's buttons: beside the text from `sideBy` up, under it (right-aligned) below. */
  actions: ReactNode;
  sideBy?: 'sm' | 'md';
  /** Side by side, the buttons sit at the top (a tall card) or in the middle. */
  align?: 'start' | 'center';
  titleSx?: SxProps<Theme>;
};

/** One item of an admin list (a print the lab makes, a promotion code): its text, then its buttons. */
export function CardRow({
  headingId,
  title,
  children,
  actions,
  sideBy = 'sm',
  align = 'start',
  titleSx,
}: Props) {
  const alignItems = align === 'start' ? 'flex-start' : 'center';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', [sideBy]: 'row' },
        alignItems: { [sideBy]: alignItems },
        gap: { xs: 1.5, [sideBy]: 3 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={[{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }, ...toArray(titleSx)]}>
          {title}
        </Box>
        {children}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: align === 'center' ? 'center' : undefined,
          gap: 1,
          justifyContent: { xs: 'flex-end', [sideBy]: 'flex-start' },
          flexShrink: 0,
        }}
      >
        {actions}
      </Box>
    </Paper>
  );
}

function toArray(sx: SxProps<Theme> | undefined) {
  return sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
}
