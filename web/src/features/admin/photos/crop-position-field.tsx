import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { ResponsiveImage, type ImageSource } from '../../../components/responsive-image';

type Axis = 'verticalPosition' | 'horizontalPosition';

type CropPositionFieldProps = {
  vertical: number;
  horizontal: number;
  onChange: (name: Axis, value: number) => void;
  /** The chosen file's preview address, or else the current photo. */
  previewSrc?: string | null;
  photo?: ImageSource | null;
  disabled?: boolean;
};

/** A slider's marks: its two ends and the centre between them. */
const ends = (low: string, high: string) => [
  { value: 0, label: low },
  { value: 50, label: 'Centre' },
  { value: 100, label: high },
];

const axes = {
  verticalPosition: { label: 'Vertical Position', marks: ends('Top', 'Bottom') },
  horizontalPosition: { label: 'Horizontal Position', marks: ends('Left', 'Right') },
};

/** One half of the focal point: its value, then a slider. */
function PositionSlider({
  axis,
  value,
  onChange,
  disabled,
}: {
  axis: Axis;
  value: number;
  onChange: CropPositionFieldProps['onChange'];
  disabled?: boolean;
}) {
  const { label, marks } = axes[axis];
  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        {label}: {value}%
      </Typography>
      <Box sx={{ px: 3 }}>
        <Slider
          value={value}
          min={0}
          max={100}
          step={1}
          marks={marks}
          valueLabelDisplay="auto"
          disabled={disabled}
          onChange={(_event, next) => onChange(axis, Array.isArray(next) ? next[0] : next)}
          aria-label={label}
          getAriaValueText={(v) => `${v}%`}
        />
      </Box>
    </Box>
  );
}

/**
 * The photo's focal point (verticalPosition and horizontalPosition, 0-100 each) with a live
 * preview of the crop portfolio cards use (4:3). Print sizes crop around it too, unless a size's
 * own crop was adjusted.
 */
export function CropPositionField({
  vertical,
  horizontal,
  onChange,
  previewSrc,
  photo,
  disabled,
}: CropPositionFieldProps) {
  const hasImage = Boolean(previewSrc || photo?.imageUrl);
  const position = { verticalPosition: vertical, horizontalPosition: horizontal };
  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        Focal point
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Which part of the photo stays visible when a card or a print size crops it. Vertical: 0 shows the top,
        100 the bottom. Horizontal: 0 the left edge, 100 the right.
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
            photo={previewSrc ? position : { ...photo, ...position }}
            src={previewSrc}
            ratio={4 / 3}
            sizes="360px"
            alt="Preview of the crop on portfolio cards"
          />
        </Box>
      )}
      <Box sx={{ maxWidth: 360, display: 'grid', gap: 1 }}>
        <PositionSlider axis="verticalPosition" value={vertical} onChange={onChange} disabled={disabled} />
        <PositionSlider
          axis="horizontalPosition"
          value={horizontal}
          onChange={onChange}
          disabled={disabled}
        />
      </Box>
    </Box>
  );
}
