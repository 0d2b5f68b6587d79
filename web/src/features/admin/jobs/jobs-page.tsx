import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { SubPage } from '../shared/sub-page';

/** The API path of the job queues' dashboard (bull-board, behind the admin session). */
const QUEUE_BOARD_URL = '/api/admin/queues';

/**
 * The queue dashboard inside the admin: the admin bar and a back link stay around it, so the owner
 * is never stranded in a tab of its own. Same-origin framing is what helmet already allows.
 */
export default function JobsPage() {
  return (
    <SubPage
      title="Jobs"
      backTo="/admin/dashboard"
      backLabel="Back to Dashboard"
      maxWidth="xl"
      // The whole window for a closer look, in this tab: the browser's Back returns here.
      actions={
        <Button
          component="a"
          href={QUEUE_BOARD_URL}
          variant="outlined"
          size="small"
          endIcon={<OpenInFullIcon fontSize="small" />}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Open full screen
        </Button>
      }
    >
      <Box
        component="iframe"
        src={QUEUE_BOARD_URL}
        title="Job queues"
        sx={{
          display: 'block',
          width: '100%',
          // the admin bar, back link and heading stay on screen above it
          height: { xs: 'calc(100dvh - 200px)', sm: 'calc(100dvh - 230px)' },
          minHeight: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      />
    </SubPage>
  );
}
