import { useId, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';

type ImagePickerProps = {
  /** Visible heading of the picker, also the file input's accessible name. */
  label: string;
  buttonLabel: string;
  hint: string;
  /** What to show inside the drop zone: the chosen file's preview or the current image. */
  preview?: ReactNode;
  fileName?: string;
  onFile: (file: File) => void;
  onClear?: () => void;
  clearLabel?: string;
  disabled?: boolean;
  error?: string;
  compact?: boolean;
};

/** A file picker with a preview that also takes a dropped file. */
export function ImagePicker({
  label,
  buttonLabel,
  hint,
  preview,
  fileName,
  onFile,
  onClear,
  clearLabel = 'Remove',
  disabled = false,
  error,
  compact = false,
}: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <Box>
      <Typography
        component="p"
        variant="body2"
        sx={{ fontWeight: 600, color: error ? 'error.main' : 'text.secondary', mb: 0.75 }}
      >
        {label}
      </Typography>
      <Box
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          p: compact ? 1.5 : 2,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
          textAlign: 'center',
          transition: 'border-color 150ms, background-color 150ms',
        }}
      >
        {preview ?? (
          <Box sx={{ py: compact ? 1 : 3, color: 'text.secondary' }}>
            <CloudUploadOutlinedIcon sx={{ fontSize: compact ? 32 : 48 }} aria-hidden />
            <Typography variant="body2">Drag and drop an image here, or choose a file.</Typography>
          </Box>
        )}
        {fileName && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {fileName}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', width: '100%' }}>
          <Button
            component="label"
            variant="outlined"
            disabled={disabled}
            startIcon={<CloudUploadOutlinedIcon />}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {buttonLabel}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              hidden
              aria-label={label}
              aria-describedby={hintId}
              disabled={disabled}
              onChange={(event) => {
                const file = event.target.files?.[0];
                // Cleared so choosing the same file again still fires a change.
                event.target.value = '';
                if (file) onFile(file);
              }}
            />
          </Button>
          {onClear && (
            <Button
              onClick={onClear}
              disabled={disabled}
              color="inherit"
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {clearLabel}
            </Button>
          )}
        </Box>
      </Box>
      <FormHelperText id={hintId} error={Boolean(error)} sx={{ mx: 0.5 }}>
        {error ?? hint}
      </FormHelperText>
    </Box>
  );
}
