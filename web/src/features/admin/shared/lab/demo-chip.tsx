import Chip from '@mui/material/Chip';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { DEMO_TEXT } from './lab-model';

// dark text on a pale violet: 4.5:1 and more at the chip's small size
const demoLook = {
  bgcolor: '#efe7fb',
  color: '#3f1d78',
  fontWeight: 600,
  '& .MuiChip-icon': { color: '#3f1d78' },
} as const;

/**
 * The mark of the demo labs (LAB_DEMO): 'Demo' beside a lab's name in lists and panels, or the
 * whole sentence ('Demo: nothing is printed or shipped') on a lab's settings.
 */
export function DemoChip({ long = false }: { long?: boolean }) {
  return (
    <Chip
      size="small"
      icon={<ScienceOutlinedIcon />}
      label={long ? DEMO_TEXT : 'Demo'}
      title={long ? undefined : DEMO_TEXT}
      sx={{
        ...demoLook,
        maxWidth: '100%',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
      }}
    />
  );
}
