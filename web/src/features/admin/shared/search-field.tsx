import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** A small search box with a magnifier at its start. */
export function SearchField(props: Omit<TextFieldProps, 'type' | 'size' | 'slotProps'>) {
  return (
    <TextField
      type="search"
      size="small"
      {...props}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
