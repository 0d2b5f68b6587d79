import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { CardRow } from '../shared/card-row';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { EmptyList, ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { formatDate } from '../shared/relative-time';
import { useActionToast } from '../shared/action-toast';
import {
  SUBSCRIBERS_CSV_URL,
  useDeleteSubscriberMutation,
  useGetSubscribersQuery,
  type NewsletterSubscriber,
} from './api';

/** The subscribers, newest first: each one's status, the export, and a deletion she is asked for. */
export function SubscribersSection() {
  const [page, setPage] = useState(1);
  const list = useGetSubscribersQuery(page, { refetchOnMountOrArgChange: true });
  const [deleting, setDeleting] = useState<NewsletterSubscriber | null>(null);
  const [suppress, setSuppress] = useState(true);
  const [remove, removing] = useDeleteSubscriberMutation();
  const act = useActionToast();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await act(() => remove({ id: deleting.id, suppress }).unwrap(), {
      done: { title: 'Subscriber Deleted', description: `${deleting.email} was deleted.` },
      failure: 'delete the subscriber',
    });
    if (ok) setDeleting(null);
  };

  return (
    <Box component="section" aria-labelledby="subscribers-title">
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography id="subscribers-title" variant="h5" component="h2">
          Subscribers
        </Typography>
        <Button
          component="a"
          href={SUBSCRIBERS_CSV_URL}
          download
          variant="outlined"
          startIcon={<DownloadIcon />}
        >
          Export CSV
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Only confirmed addresses get your e-mails; unconfirmed ones are deleted after 7 days.
      </Typography>
      {list.isLoading ? (
        <ListSkeleton label="Loading subscribers" height={72} />
      ) : list.isError || !data ? (
        <LoadError onRetry={list.refetch} retrying={list.isFetching} what="subscribers" error={list.error} />
      ) : data.subscribers.length === 0 ? (
        <EmptyList>No subscribers yet. The sign-up form is in your shop's footer.</EmptyList>
      ) : (
        <Stack component="ul" spacing={1} aria-label="Subscribers" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.subscribers.map((s) => (
            <CardRow
              key={s.id}
              headingId={`subscriber-${s.id}`}
              sideBy="sm"
              align="center"
              title={
                <>
                  <Typography
                    id={`subscriber-${s.id}`}
                    component="h3"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {s.email}
                  </Typography>
                  <Chip
                    size="small"
                    label={s.status === 'confirmed' ? 'Confirmed' : 'Not confirmed yet'}
                    color={s.status === 'confirmed' ? 'success' : 'default'}
                  />
                </>
              }
              actions={
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(s)}
                  aria-label={`Delete ${s.email}`}
                >
                  Delete
                </Button>
              }
            >
              <Typography variant="body2" color="text.secondary">
                {`Signed up ${formatDate(s.createdAt)} ${s.source === 'order' ? 'after an order' : 'in the footer'}`}
              </Typography>
            </CardRow>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Typography variant="body2" color="text.secondary">{`Page ${page} of ${pages}`}</Typography>
          <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </Box>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        id="delete-subscriber"
        title="Delete this subscriber?"
        text={`${deleting?.email ?? ''} is deleted from your list. This cannot be undone.`}
        deleting={removing.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <FormControlLabel
          control={<Checkbox checked={suppress} onChange={(e) => setSuppress(e.target.checked)} />}
          label="Never e-mail this address again, even if it signs up again"
        />
      </ConfirmDeleteDialog>
    </Box>
  );
}
