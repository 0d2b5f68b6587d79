import Box, { type BoxProps } from '@mui/material/Box';
import type { ResponsiveStyleValue } from '@mui/system';

type GridBoxProps = BoxProps & {
  /** The grid's columns, per breakpoint. */
  columns: ResponsiveStyleValue<string>;
  /** Lines the cells up at the top instead of stretching them. */
  alignStart?: boolean;
};

/** A grid of 2-unit gaps: cards, fields or facts laid out in responsive columns. */
export function GridBox({ columns, alignStart, sx, ...props }: GridBoxProps) {
  return (
    <Box
      {...props}
      sx={[
        {
          display: 'grid',
          gap: 2,
          gridTemplateColumns: columns,
          alignItems: alignStart ? 'start' : undefined,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
