import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { visuallyHidden } from '../visually-hidden';
import { inchesText } from './lab-model';
import type { LabOrderLine } from './lab-orders-api';

const THUMB = 72;

/** A line's print file, small: its crop as the lab gets it (a placeholder until it is made). */
function PrintThumbnail({ line }: { line: LabOrderLine }) {
  const box = {
    width: THUMB,
    height: THUMB,
    flexShrink: 0,
    borderRadius: 1,
    bgcolor: 'action.hover',
    display: 'grid',
    placeItems: 'center',
  } as const;
  if (!line.thumbnailUrl)
    return (
      <Box sx={box}>
        <ImageOutlinedIcon color="disabled" />
      </Box>
    );
  return (
    <Box
      component="img"
      src={line.thumbnailUrl}
      alt={`The print file of ${line.photoTitle}, ${line.size}`}
      loading="lazy"
      sx={{ ...box, objectFit: 'contain' }}
    />
  );
}

/**
 * What one lab makes for the order: each line's cropped print file (a thumbnail and a download),
 * the photo, the size and paper ordered beside the lab's product (a warning when they differ), and
 * how many.
 */
export function LabOrderLines({ lines, label }: { lines: LabOrderLine[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {lines.map((line) => (
        <Box component="li" key={line.lineId} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <PrintThumbnail line={line} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.photoTitle}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              Ordered: {line.size} {line.format}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              Lab product: {line.productName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Quantity {line.quantity} · sent as {inchesText(line.widthIn)}×{inchesText(line.heightIn)} in
            </Typography>
            {line.mismatch && (
              <Alert severity="warning" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
                {line.mismatch}
              </Alert>
            )}
            <Link
              href={line.printFileUrl}
              download
              underline="always"
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}
            >
              <FileDownloadOutlinedIcon fontSize="small" aria-hidden />
              Download print file
              <Box component="span" sx={visuallyHidden}>
                {` of ${line.photoTitle}, ${line.size}`}
              </Box>
            </Link>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
