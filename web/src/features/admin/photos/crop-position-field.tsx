import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { ResponsiveImage, type ImageSource } from '../../../components/responsive-image';

type CropPositionFieldProps = {
  value: number;
  onChange: (value: number) => void;
  /** The chosen file's preview address, or else the current photo. */
  previewSrc?: string | null;
  photo?: ImageSource | null;
  disabled?: boolean;
};

const marks = [
  { value: 0, label: 'Top' },
  { value: 50, label: 'Centre' },
  { value: 100, label: 'Bottom' },
];

/** verticalPosition 0-100 with a live preview of the crop portfolio cards use (4:3). */
export function CropPositionField({ value, onChange, previewSrc, photo, disabled }: CropPositionFieldProps) {
  const hasImage = Boolean(previewSrc || photo?.imageUrl);
  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        Vertical Position: {value}%
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Which part of the photo stays visible when a card crops it. 0 shows the top, 100 the bottom.
      </Typography>
      {hasImage && (
        <Box
          sx={{
            maxWidth: 360,
            mb: 1,
            borderRadius: 1,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <ResponsiveImage
            photo={previewSrc ? { verticalPosition: value } : { ...photo, verticalPosition: value }}
            src={previewSrc}
            ratio={4 / 3}
            sizes="360px"
            alt="Preview of the crop on portfolio cards"
          />
        </Box>
      )}
      <Box sx={{ px: 3, maxWidth: 360 }}>
        <Slider
          value={value}
          min={0}
          max={100}
          step={1}
          marks={marks}
          valueLabelDisplay="auto"
          disabled={disabled}
          onChange={(_event, next) => onChange(Array.isArray(next) ? next[0] : next)}
          aria-label="Vertical Position"
          getAriaValueText={(v) => `${v}%`}
        />
      </Box>
    </Box>
  );
}
