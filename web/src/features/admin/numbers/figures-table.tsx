import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

type Column = { label: string; numeric?: boolean };

/**
 * The exact figures of a chart or a list, as a real table (what screen readers read), scrolling
 * inside its box when long (a year by day) so the page stays short; focusable to scroll by keyboard.
 */
export function FiguresTable(props: {
  caption: string;
  columns: Column[];
  rows: { key: string; cells: ReactNode[] }[];
  empty?: string;
  maxHeight?: number;
}) {
  const { caption, columns, rows, empty = 'None in this range.', maxHeight = 320 } = props;
  return (
    <Box
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{ maxHeight, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px', fontWeight: 600 }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'} sx={{ top: 0 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.key}>
                {r.cells.map((cell, i) => (
                  <TableCell
                    key={i}
                    align={columns[i]?.numeric ? 'right' : 'left'}
                    sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
