import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ASPECT_RATIO_MAX, aspectRatioChoices, aspectRatioLabel } from './aspect-ratio';

type HasRatio = { aspectRatio: string | null };

/** The ratios to offer: the defaults, then those of the first list, then those of the second. */
export function useAspectRatioChoices(first?: readonly HasRatio[], second?: readonly HasRatio[]): string[] {
  return useMemo(
    () => aspectRatioChoices([...(first ?? []), ...(second ?? [])].map((item) => item.aspectRatio)),
    [first, second],
  );
}

type AspectRatioFieldProps = {
  value: string;
  onChange: (value: string) => void;
  choices: string[];
  disabled?: boolean;
  error?: string;
  label?: string;
  required?: boolean;
  id?: string;
};

/** Free text (at most 7 characters) with the default and already used ratios offered. */
export function AspectRatioField({
  value,
  onChange,
  choices,
  disabled,
  error,
  label = 'Aspect Ratio',
  required,
  id,
}: AspectRatioFieldProps) {
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={choices}
      value={value}
      inputValue={value}
      disabled={disabled}
      onChange={(_event, next) => onChange((next ?? '').slice(0, ASPECT_RATIO_MAX))}
      onInputChange={(_event, next) => onChange(next.slice(0, ASPECT_RATIO_MAX))}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            {aspectRatioLabel(option)}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? 'Width:height, e.g. 3:2. Print options are matched by ratio.'}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: ASPECT_RATIO_MAX },
          }}
        />
      )}
    />
  );
}
