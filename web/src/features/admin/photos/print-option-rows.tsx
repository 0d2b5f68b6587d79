import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { FormTextField, MoneyField } from '../shared/form-field';
import type { AddOptionRow, EditOptionRow, RowErrors } from './photo-form-model';
import type { OptionPatch } from './photo-form-state';

const fullOnPhone = { gridColumn: { xs: '1 / -1', md: 'auto' } } as const;

/** The add form's rows are the older per-photo options (size, material, price, in stock);
 * the edit form's are catalogue options (size, format, price, shipping). */
type ModeRows = { mode: 'add'; rows: AddOptionRow[] } | { mode: 'edit'; rows: EditOptionRow[] };
type ModeRow = { mode: 'add'; row: AddOptionRow } | { mode: 'edit'; row: EditOptionRow };

type Handlers = {
  errors: Record<string, RowErrors>;
  onChange: (key: string, patch: OptionPatch) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
};

type OptionRowProps = ModeRow & Omit<Handlers, 'errors'> & { index: number; errors: RowErrors };

/** One option: stacked on a phone under a heading with its remove button, one line on desktop. */
function OptionRow({ index, errors: e, onChange, onRemove, disabled, ...props }: OptionRowProps) {
  const { key, size, price } = props.row;
  const set = (patch: OptionPatch) => onChange(key, patch);
  const isNew = props.mode === 'edit' && !props.row.id;
  /** The props of one text field of the row. */
  const text = (name: keyof RowErrors, label: string, value: string) => ({
    label,
    value,
    onValueChange: (next: string) => set({ [name]: next }),
    error: e[name],
    disabled,
    size: 'small' as const,
  });
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
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: props.mode === 'add' ? '2fr 2fr 1.2fr auto auto' : '2fr 2fr 1.2fr 1.2fr auto',
        },
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
          Print option {index + 1}{' '}
          {isNew && (
            <Typography component="span" variant="caption" color="primary">
              (new)
            </Typography>
          )}
        </Typography>
        <IconButton
          aria-label={`Remove print option ${index + 1}`}
          onClick={() => onRemove(key)}
          disabled={disabled}
          sx={{ order: { md: 1 }, justifySelf: 'end', mt: { md: 0.25 } }}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
      <FormTextField {...text('size', 'Size', size)} sx={fullOnPhone} />
      {props.mode === 'add' ? (
        <FormTextField {...text('material', 'Material', props.row.material)} sx={fullOnPhone} />
      ) : (
        <FormTextField {...text('format', 'Format', props.row.format)} sx={fullOnPhone} />
      )}
      <MoneyField min={0.01} {...text('price', 'Price', price)} />
      {props.mode === 'add' ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={props.row.inStock}
              onChange={(ev) => set({ inStock: ev.target.checked })}
              disabled={disabled}
            />
          }
          label="In stock"
          sx={{ mr: 0, ml: 0 }}
        />
      ) : (
        <MoneyField min={0} {...text('shipping', 'Shipping', props.row.shipping)} />
      )}
    </Paper>
  );
}

type PrintOptionRowsProps = ModeRows & Handlers & { onAdd: () => void };

/** The print option rows of the add or the edit photo form, with the button that adds one. */
export function PrintOptionRows({ errors, onAdd, ...props }: PrintOptionRowsProps) {
  const { onChange, onRemove, disabled } = props;
  const rowProps = (key: string, index: number) => ({
    index,
    errors: errors[key] ?? {},
    onChange,
    onRemove,
    disabled,
  });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {props.mode === 'edit' && props.rows.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          This photo has no print options yet.
        </Typography>
      )}
      {props.mode === 'add'
        ? props.rows.map((row, i) => (
            <OptionRow key={row.key} mode="add" row={row} {...rowProps(row.key, i)} />
          ))
        : props.rows.map((row, i) => (
            <OptionRow key={row.key} mode="edit" row={row} {...rowProps(row.key, i)} />
          ))}
      <Button
        onClick={onAdd}
        disabled={props.disabled}
        variant="outlined"
        startIcon={<AddIcon />}
        sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}
      >
        Add Print Option
      </Button>
    </Box>
  );
}
