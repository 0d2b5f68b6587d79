import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { AddOptionRow, EditOptionRow, RowErrors } from './photo-form-model';

const dollar = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
const fullOnPhone = { gridColumn: { xs: '1 / -1', md: 'auto' } } as const;

type RowsProps<R> = {
  rows: R[];
  errors: Record<string, RowErrors>;
  onChange: (key: string, patch: Partial<R>) => void;
  onRemove: (key: string) => void;
  onAdd: () => void;
  disabled?: boolean;
};

type RowFrameProps = {
  index: number;
  columns: string;
  badge?: ReactNode;
  onRemove: () => void;
  disabled?: boolean;
  children: ReactNode;
};

/** One option: stacked on a phone under a heading with its remove button, one line on desktop. */
function RowFrame({ index, columns, badge, onRemove, disabled, children }: RowFrameProps) {
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-label={`Print option ${index + 1}`}
      sx={{
        m: 0,
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', md: columns },
      }}
    >
      <Box
        sx={{
          display: { xs: 'flex', md: 'contents' },
          gridColumn: '1 / -1',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Typography variant="subtitle2" component="p" sx={{ display: { md: 'none' }, flex: 1 }}>
          Print option {index + 1} {badge}
        </Typography>
        <IconButton
          aria-label={`Remove print option ${index + 1}`}
          onClick={onRemove}
          disabled={disabled}
          sx={{ order: { md: 1 }, justifySelf: 'end', mt: { md: 0.25 } }}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
      {children}
    </Paper>
  );
}

/** Rows of the add form: size, material, price, in stock. */
export function AddPrintOptionRows({
  rows,
  errors,
  onChange,
  onRemove,
  onAdd,
  disabled,
}: RowsProps<AddOptionRow>) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rows.map((row, index) => {
        const e = errors[row.key] ?? {};
        const set = (patch: Partial<AddOptionRow>) => onChange(row.key, patch);
        return (
          <RowFrame
            key={row.key}
            index={index}
            columns="2fr 2fr 1.2fr auto auto"
            onRemove={() => onRemove(row.key)}
            disabled={disabled}
          >
            <TextField
              label="Size"
              value={row.size}
              onChange={(ev) => set({ size: ev.target.value })}
              error={Boolean(e.size)}
              helperText={e.size}
              disabled={disabled}
              size="small"
              sx={fullOnPhone}
            />
            <TextField
              label="Material"
              value={row.material}
              onChange={(ev) => set({ material: ev.target.value })}
              error={Boolean(e.material)}
              helperText={e.material}
              disabled={disabled}
              size="small"
              sx={fullOnPhone}
            />
            <TextField
              label="Price"
              type="number"
              value={row.price}
              onChange={(ev) => set({ price: ev.target.value })}
              error={Boolean(e.price)}
              helperText={e.price}
              disabled={disabled}
              size="small"
              slotProps={{ ...dollar, htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={row.inStock}
                  onChange={(ev) => set({ inStock: ev.target.checked })}
                  disabled={disabled}
                />
              }
              label="In stock"
              sx={{ mr: 0, ml: 0 }}
            />
          </RowFrame>
        );
      })}
      <AddRowButton onAdd={onAdd} disabled={disabled} />
    </Box>
  );
}

/** Rows of the edit form: size, format, price, shipping. */
export function EditPrintOptionRows({
  rows,
  errors,
  onChange,
  onRemove,
  onAdd,
  disabled,
}: RowsProps<EditOptionRow>) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rows.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          This photo has no print options yet.
        </Typography>
      )}
      {rows.map((row, index) => {
        const e = errors[row.key] ?? {};
        const set = (patch: Partial<EditOptionRow>) => onChange(row.key, patch);
        return (
          <RowFrame
            key={row.key}
            index={index}
            columns="2fr 2fr 1.2fr 1.2fr auto"
            badge={
              row.id ? undefined : (
                <Typography component="span" variant="caption" color="primary">
                  (new)
                </Typography>
              )
            }
            onRemove={() => onRemove(row.key)}
            disabled={disabled}
          >
            <TextField
              label="Size"
              value={row.size}
              onChange={(ev) => set({ size: ev.target.value })}
              error={Boolean(e.size)}
              helperText={e.size}
              disabled={disabled}
              size="small"
              sx={fullOnPhone}
            />
            <TextField
              label="Format"
              value={row.format}
              onChange={(ev) => set({ format: ev.target.value })}
              error={Boolean(e.format)}
              helperText={e.format}
              disabled={disabled}
              size="small"
              sx={fullOnPhone}
            />
            <TextField
              label="Price"
              type="number"
              value={row.price}
              onChange={(ev) => set({ price: ev.target.value })}
              error={Boolean(e.price)}
              helperText={e.price}
              disabled={disabled}
              size="small"
              slotProps={{ ...dollar, htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
            />
            <TextField
              label="Shipping"
              type="number"
              value={row.shipping}
              onChange={(ev) => set({ shipping: ev.target.value })}
              error={Boolean(e.shipping)}
              helperText={e.shipping}
              disabled={disabled}
              size="small"
              slotProps={{ ...dollar, htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
            />
          </RowFrame>
        );
      })}
      <AddRowButton onAdd={onAdd} disabled={disabled} />
    </Box>
  );
}

function AddRowButton({ onAdd, disabled }: { onAdd: () => void; disabled?: boolean }) {
  return (
    <Button
      onClick={onAdd}
      disabled={disabled}
      variant="outlined"
      startIcon={<AddIcon />}
      sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}
    >
      Add Print Option
    </Button>
  );
}
