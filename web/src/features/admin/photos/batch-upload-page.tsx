import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import type { BatchUploadLimits } from '@contract';
import { useOnline } from '../../../components/use-online';
import { useGetCategoriesQuery } from '../../../lib/catalog-api';
import { FormSection } from '../shared/form-section';
import { LoadError } from '../shared/load-error';
import { SubPage } from '../shared/sub-page';
import { useGetBatchUploadLimitsQuery, useGetPhotoDraftsQuery } from './api';
import { checkBatch, waitingCount, waitingLabel } from './batch-rules';
import { DraftReviewList } from './draft-review-list';
import { formatMb, LIMITS, MB } from './image-files';
import { QueuedFileCard } from './queued-file-card';
import { queueFiles, setUploadEndpoint } from './upload-queue';
import { useUploadQueue } from './use-upload-queue';

/**
 * Until the server says its own (or offline with nothing kept): its defaults (the contract's
 * BATCH_MAX_FILES, a value the web may not import; the server checks again anyway).
 */
const DEFAULT_LIMITS: BatchUploadLimits = {
  fileBytes: LIMITS.addImage,
  files: 50,
  batchBytes: 1024 * MB,
  endpoint: '/api/admin/uploads',
};

/** /admin/photos/batch: many photos at once, sent in the background, reviewed as drafts, then published. */
export default function BatchUploadPage() {
  const online = useOnline();
  const queue = useUploadQueue();
  const { data: categories } = useGetCategoriesQuery();
  const { data: serverLimits } = useGetBatchUploadLimitsQuery();
  const drafts = useGetPhotoDraftsQuery(undefined, { skip: !online });
  const limits = serverLimits ?? DEFAULT_LIMITS;
  const [category, setCategory] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  // files chosen before a category: kept until she picks one, then queued with it
  const [waitingForCategory, setWaitingForCategory] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { refetch } = drafts;

  useEffect(() => setUploadEndpoint(limits.endpoint), [limits.endpoint]);
  // a draft was made: the review list shows it
  useEffect(() => {
    if (queue.created > 0 && online) void refetch();
  }, [queue.created, online, refetch]);

  const categoryName = (name: string) => categories?.find((c) => c.name === name)?.displayName ?? name;
  const waiting = waitingCount(queue.items, online);

  const queueWith = (chosen: File[], batchCategory: string) => {
    const active = queue.items.filter((item) => item.phase !== 'failed');
    const { accepted, problems: found } = checkBatch(chosen, limits, {
      files: active.length,
      bytes: active.reduce((sum, item) => sum + item.size, 0),
    });
    setProblems(found);
    if (accepted.length > 0) void queueFiles(accepted, batchCategory);
  };

  const choose = (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (category) return queueWith(chosen, category);
    setWaitingForCategory((held) => [...held, ...chosen]);
    setProblems([]);
  };

  const chooseCategory = (name: string) => {
    setCategory(name);
    if (!name || waitingForCategory.length === 0) return;
    setWaitingForCategory([]);
    queueWith(waitingForCategory, name);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  };

  return (
    <SubPage title="Add many photos" backTo="/admin/photos" backLabel="Back to Photos" maxWidth="lg">
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 } }}>
        <FormSection
          title="Choose photos"
          description={`Up to ${limits.files} photos, ${formatMb(limits.fileBytes)} each. They are kept on this device and sent in the background; without a connection they wait until it returns.`}
        >
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField
              select
              required
              label="Category for this batch"
              value={category}
              onChange={(e) => chooseCategory(e.target.value)}
              error={waitingForCategory.length > 0}
              sx={{ maxWidth: { sm: 360 } }}
            >
              {(categories ?? []).map((c) => (
                <MenuItem key={c.name} value={c.name}>
                  {c.displayName}
                </MenuItem>
              ))}
            </TextField>
            <Box
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'copy';
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                borderRadius: 2,
                p: { xs: 2.5, sm: 4 },
                textAlign: 'center',
                bgcolor: dragging ? 'action.hover' : 'transparent',
              }}
            >
              <input
                ref={inputRef}
                type="file"
                accept="image/*"
                multiple
                hidden
                aria-label="Photos to upload"
                aria-describedby={hintId}
                onChange={(event) => {
                  const chosen = [...(event.target.files ?? [])];
                  event.target.value = '';
                  choose(chosen);
                }}
              />
              <Button
                variant="contained"
                startIcon={<CloudUploadOutlinedIcon />}
                onClick={() => inputRef.current?.click()}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                Choose photos
              </Button>
              <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                or drop them here
              </Typography>
            </Box>
            {waitingForCategory.length > 0 && (
              <Alert
                severity="info"
                role="status"
                action={
                  <Button color="inherit" size="small" onClick={() => setWaitingForCategory([])}>
                    Clear
                  </Button>
                }
              >
                {`${waitingForCategory.length} photo${waitingForCategory.length === 1 ? '' : 's'} chosen: choose a category for this batch and ${waitingForCategory.length === 1 ? 'it is' : 'they are'} sent.`}
              </Alert>
            )}
            {problems.length > 0 && (
              <Alert severity="warning" role="alert">
                {problems.map((problem) => (
                  <Box key={problem}>{problem}</Box>
                ))}
              </Alert>
            )}
          </Box>
        </FormSection>

        {(queue.items.length > 0 || waiting > 0) && (
          <FormSection
            title="Sending"
            description="Fill in the details while they upload; they go with each photo."
          >
            {waiting > 0 && (
              <Alert severity="info" role="status" sx={{ mb: 2 }}>
                {waitingLabel(waiting)}
              </Alert>
            )}
            <Box component="ul" aria-label="Photos being sent" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
              {queue.items.map((item) => (
                <QueuedFileCard key={item.queueId} item={item} />
              ))}
            </Box>
          </FormSection>
        )}

        <FormSection
          title="Drafts to review"
          description="Drafts are on no public page. Check them, then publish some or all."
        >
          {!online && !drafts.data ? (
            <Typography color="text.secondary">The drafts show once you are back online.</Typography>
          ) : drafts.error && !drafts.data ? (
            <LoadError onRetry={refetch} retrying={drafts.isFetching} what="drafts" error={drafts.error} />
          ) : drafts.data ? (
            <DraftReviewList drafts={drafts.data} categoryName={categoryName} />
          ) : (
            <Typography color="text.secondary">Loading drafts...</Typography>
          )}
        </FormSection>
      </Box>
    </SubPage>
  );
}
