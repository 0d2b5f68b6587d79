import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { readableTitle } from './batch-rules';
import { formatSize } from './image-files';
import { editQueued, removeQueued, retryQueued, type QueueItem } from './upload-queue';

const PHASE_TEXT: Record<QueueItem['phase'], string> = {
  waiting: 'Waiting for a connection',
  queued: 'Queued',
  uploading: 'Uploading',
  creating: 'Making the draft',
  failed: 'Not sent',
};

/** One file of the batch: its progress, its details (editable while it uploads), its error alone. */
export function QueuedFileCard({ item }: { item: QueueItem }) {
  const percent = item.size > 0 ? Math.min(100, Math.round((item.sent / item.size) * 100)) : 0;
  return (
    <Card component="li" aria-label={item.fileName} variant="outlined" sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.fileName}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatSize(item.size)}
          </Typography>
        </Box>
        {item.phase === 'failed' ? (
          <Box>
            <Alert severity="error">{item.error}</Alert>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button size="small" variant="outlined" onClick={() => retryQueued(item.queueId)}>
                Retry
              </Button>
              <Button size="small" color="error" onClick={() => void removeQueued(item.queueId)}>
                Remove
              </Button>
            </Box>
          </Box>
        ) : (
          <Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                {PHASE_TEXT[item.phase]}
              </Typography>
              <Typography variant="body2" color="text.secondary">{`${percent}%`}</Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={`${item.fileName} sent`}
              // no easing: the bar shows the very value the text says (it lagged behind at 3/4)
              sx={{ height: 8, borderRadius: 4, mt: 0.5, '& .MuiLinearProgress-bar': { transition: 'none' } }}
            />
          </Box>
        )}
        <TextField
          label="Title"
          size="small"
          value={item.title}
          placeholder={readableTitle(item.fileName)}
          helperText="Left empty: the photo's own title, else its file name"
          onChange={(e) => editQueued(item.queueId, { title: e.target.value })}
          // the placeholder (the file name made readable) shows before she types
          slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
        />
        <TextField
          label="Location"
          size="small"
          value={item.location}
          onChange={(e) => editQueued(item.queueId, { location: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label="Description"
          size="small"
          multiline
          minRows={2}
          value={item.description}
          onChange={(e) => editQueued(item.queueId, { description: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        {item.phase !== 'failed' && (
          <Box>
            <Button size="small" color="error" onClick={() => void removeQueued(item.queueId)}>
              Remove from batch
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
