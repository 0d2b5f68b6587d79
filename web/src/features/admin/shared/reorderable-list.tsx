import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';

type ReorderableListProps<T> = {
  items: readonly T[];
  keyOf: (item: T) => number;
  /** How the buttons name an item: 'Move {name} up', 'Edit {name}'. */
  nameOf: (item: T) => string;
  /** An ordered list (ol) or not (ul). */
  ordered?: boolean;
  'aria-label'?: string;
  itemSx: SxProps<Theme>;
  actionsSx: SxProps<Theme>;
  /** The item's own content, before its buttons. */
  renderItem: (item: T) => ReactNode;
  onMove: (index: number, offset: -1 | 1) => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  /** While a reorder is under way every move button waits. */
  reordering: boolean;
  isDeleting?: (item: T) => boolean;
};

/** A list whose entries each have move up, move down, edit and delete buttons. */
export function ReorderableList<T>({
  items,
  keyOf,
  nameOf,
  ordered = false,
  'aria-label': ariaLabel,
  itemSx,
  actionsSx,
  renderItem,
  onMove,
  onEdit,
  onDelete,
  reordering,
  isDeleting,
}: ReorderableListProps<T>) {
  return (
    <Stack
      component={ordered ? 'ol' : 'ul'}
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label={ariaLabel}
    >
      {items.map((item, index) => {
        const name = nameOf(item);
        return (
          <Paper component="li" key={keyOf(item)} variant="outlined" sx={itemSx}>
            {renderItem(item)}
            <Box
              sx={[{ display: 'flex', gap: 0.5 }, ...(Array.isArray(actionsSx) ? actionsSx : [actionsSx])]}
            >
              <IconButton
                aria-label={`Move ${name} up`}
                onClick={() => onMove(index, -1)}
                disabled={index === 0 || reordering}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={`Move ${name} down`}
                onClick={() => onMove(index, 1)}
                disabled={index === items.length - 1 || reordering}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={`Edit ${name}`} onClick={() => onEdit(item)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={`Delete ${name}`}
                onClick={() => onDelete(item)}
                disabled={isDeleting?.(item)}
                sx={{ color: 'error.main' }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
