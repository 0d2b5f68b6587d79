import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { rowFrom } from './row-from';

type TabHeaderProps = {
  /** The page's h1. */
  title: string;
  /** From this breakpoint up the title and actions share a row; below it they stack. */
  from: 'sm' | 'md';
  gap: number;
  mb: number;
  /** The actions beside the title (search, buttons). */
  children: ReactNode;
};

/** The top of an admin list tab: its title, then its actions. */
export function TabHeader({ title, from, gap, mb, children }: TabHeaderProps) {
  return (
    <Box
      sx={{
        ...rowFrom(from),
        gap,
        mb,
      }}
    >
      <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
