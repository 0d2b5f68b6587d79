import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { WATERMARK_POSITIONS } from '@shared/file-rights';
import { FormTextField } from '../shared/form-field';
import { useFilePicker } from '../shared/use-file-picker';
import {
  FROM_WIDTH_CHOICES,
  POSITION_LABELS,
  type RightsField,
  type RightsForm,
  type WatermarkMode,
} from './rights-form-model';

type Props = {
  form: RightsForm;
  set: <K extends keyof RightsForm>(name: K, value: RightsForm[K]) => void;
  errors: Partial<Record<RightsField, string>>;
  busy: boolean;
  /** The stored logo (a data: URL), or null. */
  imageUrl: string | null;
  onImage: (file: File) => void;
  onRemoveImage: () => void;
};

// A checkerboard shows where a transparent logo is see-through.
const checkerboard = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg, #eee 25%, transparent 25%), linear-gradient(-45deg, #eee 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #eee 75%), linear-gradient(-45deg, transparent 75%, #eee 75%)',
  backgroundSize: '16px 16px',
};

/** The watermark: off, her name as text or her logo; where, how large, how strong, from which size. */
export function RightsWatermarkFields({ form, set, errors, busy, imageUrl, onImage, onRemoveImage }: Props) {
  const picker = useFilePicker(onImage);
  return (
    <Stack spacing={2.5}>
      <Box>
        <FormLabel id="rights-watermark-mode">Watermark</FormLabel>
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={form.mode}
          onChange={(_e, mode: WatermarkMode | null) => mode && set('mode', mode)}
          aria-labelledby="rights-watermark-mode"
          disabled={busy}
          sx={{ mt: 1 }}
        >
          <ToggleButton value="off">Off</ToggleButton>
          <ToggleButton value="text">Text</ToggleButton>
          <ToggleButton value="image">Image</ToggleButton>
        </ToggleButtonGroup>
        {errors['watermark.kind'] && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
            {errors['watermark.kind']}
          </Typography>
        )}
      </Box>

      {form.mode === 'text' && (
        <FormTextField
          label="Watermark text"
          value={form.text}
          onValueChange={(v) => set('text', v)}
          error={errors['watermark.text']}
          helperText="Empty uses your name."
          disabled={busy}
          fullWidth
        />
      )}

      {form.mode === 'image' && (
        <Stack spacing={1.5}>
          <Box
            sx={{
              minHeight: 96,
              p: 2,
              borderRadius: 2,
              border: '1px solid',
              borderColor: 'divider',
              display: 'grid',
              placeItems: 'center',
              ...checkerboard,
            }}
          >
            {imageUrl ? (
              <Box
                component="img"
                src={imageUrl}
                alt="Your watermark logo"
                sx={{ maxWidth: '100%', maxHeight: 120, display: 'block' }}
              />
            ) : (
              <Typography color="text.secondary">No logo yet: a PNG with a transparent background</Typography>
            )}
          </Box>
          <input {...picker.inputProps} accept="image/png" aria-label="Watermark logo file" disabled={busy} />
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<CloudUploadOutlinedIcon />}
              onClick={picker.open}
              disabled={busy}
            >
              {imageUrl ? 'Change logo' : 'Upload logo'}
            </Button>
            {imageUrl && (
              <Button variant="text" color="error" onClick={onRemoveImage} disabled={busy}>
                Remove logo
              </Button>
            )}
          </Stack>
        </Stack>
      )}

      {form.mode !== 'off' && (
        <>
          <FormTextField
            select
            label="Position"
            value={form.position}
            onValueChange={(v) => set('position', v as RightsForm['position'])}
            error={errors['watermark.position']}
            disabled={busy}
            fullWidth
          >
            {WATERMARK_POSITIONS.map((p) => (
              <MenuItem key={p} value={p}>
                {POSITION_LABELS[p]}
              </MenuItem>
            ))}
          </FormTextField>
          <Box>
            <FormLabel id="rights-watermark-size">Size: {form.sizePercent}% of the width</FormLabel>
            <Slider
              value={form.sizePercent}
              onChange={(_e, v) => set('sizePercent', v as number)}
              min={5}
              max={50}
              step={1}
              disabled={busy}
              aria-labelledby="rights-watermark-size"
            />
            {errors['watermark.widthShare'] && (
              <Typography color="error" variant="body2">
                {errors['watermark.widthShare']}
              </Typography>
            )}
          </Box>
          <Box>
            <FormLabel id="rights-watermark-opacity">Opacity: {form.opacityPercent}%</FormLabel>
            <Slider
              value={form.opacityPercent}
              onChange={(_e, v) => set('opacityPercent', v as number)}
              min={5}
              max={100}
              step={5}
              disabled={busy}
              aria-labelledby="rights-watermark-opacity"
            />
            {errors['watermark.opacity'] && (
              <Typography color="error" variant="body2">
                {errors['watermark.opacity']}
              </Typography>
            )}
          </Box>
          <FormTextField
            select
            label="Watermark from"
            value={String(form.fromWidth)}
            onValueChange={(v) => set('fromWidth', Number(v))}
            error={errors['watermark.fromWidth']}
            helperText="Smaller sizes (thumbnails, the grid) stay clean. Originals, prints and downloads never carry it."
            disabled={busy}
            fullWidth
          >
            {FROM_WIDTH_CHOICES.map((c) => (
              <MenuItem key={c.value} value={String(c.value)}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
        </>
      )}
    </Stack>
  );
}
