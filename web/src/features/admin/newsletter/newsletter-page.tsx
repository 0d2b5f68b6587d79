import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { useActionToast } from '../shared/action-toast';
import { CardRow } from '../shared/card-row';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { EmptyList, ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { formatDate } from '../shared/relative-time';
import { SubPage } from '../shared/sub-page';
import {
  useDeleteCampaignMutation,
  useGetCampaignsQuery,
  useGetSubscribersQuery,
  type NewsletterCampaign,
} from './api';
import { CampaignEditor } from './campaign-editor';
import { SubscribersSection } from './subscribers-section';

const STATUS = { draft: 'Draft', sending: 'Sending', sent: 'Sent' } as const;

type RowProps = { campaign: NewsletterCampaign; onOpen: () => void; onDelete: () => void };

function CampaignRow({ campaign, onOpen, onDelete }: RowProps) {
  const headingId = `campaign-${campaign.id}`;
  const share = campaign.total ? (100 * campaign.sent) / campaign.total : 0;
  return (
    <CardRow
      headingId={headingId}
      sideBy="sm"
      align="center"
      title={
        <>
          <Typography id={headingId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {campaign.subject}
          </Typography>
          <Chip
            size="small"
            label={STATUS[campaign.status]}
            color={
              campaign.status === 'sent' ? 'success' : campaign.status === 'sending' ? 'info' : 'default'
            }
          />
        </>
      }
      actions={
        campaign.status === 'draft' ? (
          <>
            <Button variant="outlined" size="small" onClick={onOpen} aria-label={`Edit ${campaign.subject}`}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${campaign.subject}`}>
              Delete
            </Button>
          </>
        ) : undefined
      }
    >
      {campaign.status === 'draft' ? (
        <Typography
          variant="body2"
          color="text.secondary"
        >{`Written ${formatDate(campaign.createdAt)}`}</Typography>
      ) : (
        <Box sx={{ mt: 0.5 }}>
          <Typography variant="body2">
            {`${campaign.sent} of ${campaign.total} sent · ${campaign.ratePerHour} an hour`}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={share}
            aria-label={`${campaign.subject}: ${campaign.sent} of ${campaign.total} sent`}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        </Box>
      )}
    </CardRow>
  );
}

/** Orders > Newsletter: her "new work" e-mails (write, preview, test, send at her rate) and the subscribers. */
export default function NewsletterPage() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // while an e-mail is being sent its progress is read again every 10 seconds
  const [polling, setPolling] = useState(0);
  const campaigns = useGetCampaignsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: polling,
  });
  const subscribers = useGetSubscribersQuery(1);
  const [editing, setEditing] = useState<NewsletterCampaign | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsletterCampaign | null>(null);
  const [remove, removing] = useDeleteCampaignMutation();
  const act = useActionToast();
  const data = campaigns.data;
  const sending = Boolean(data?.campaigns.some((c) => c.status === 'sending'));
  if ((sending ? 10_000 : 0) !== polling) setPolling(sending ? 10_000 : 0);
  const counts = subscribers.data?.counts;

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await act(() => remove(deleting.id).unwrap(), {
      done: { title: 'Draft Deleted', description: `“${deleting.subject}” was deleted.` },
      failure: 'delete the draft',
    });
    if (ok) setDeleting(null);
  };

  return (
    <SubPage
      title="Newsletter"
      backTo="/admin/orders"
      backLabel="Back to Orders"
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Write an E-mail
        </Button>
      }
    >
      <Stack spacing={3}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="newsletter-counts"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="newsletter-counts" variant="overline" component="h2">
            Your list
          </Typography>
          <Stack
            direction="row"
            spacing={3}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            data-testid="newsletter-counts"
          >
            {[
              ['Confirmed', counts?.confirmed],
              ['Waiting for confirmation', counts?.pending],
              ['Unsubscribed', counts?.suppressed],
            ].map(([label, n]) => (
              <Box key={label as string}>
                <Typography variant="h4" component="p">
                  {n ?? '…'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Paper>

        <Box component="section" aria-labelledby="campaigns-title">
          <Typography id="campaigns-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            E-mails
          </Typography>
          {campaigns.isLoading ? (
            <ListSkeleton label="Loading e-mails" height={80} />
          ) : campaigns.isError || !data ? (
            <LoadError
              onRetry={campaigns.refetch}
              retrying={campaigns.isFetching}
              what="e-mails"
              error={campaigns.error}
            />
          ) : data.campaigns.length === 0 ? (
            <EmptyList>No e-mails yet. Write one when there is new work to show.</EmptyList>
          ) : (
            <Stack component="ul" spacing={1.5} aria-label="E-mails" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.campaigns.map((c) => (
                <CampaignRow
                  key={c.id}
                  campaign={c}
                  onOpen={() => setEditing(c)}
                  onDelete={() => setDeleting(c)}
                />
              ))}
            </Stack>
          )}
        </Box>

        <SubscribersSection />
      </Stack>
      <ConfirmDeleteDialog
        open={deleting !== null}
        id="delete-campaign"
        role="alertdialog"
        title="Delete this draft?"
        text={`“${deleting?.subject ?? ''}” is deleted. It was never sent. This cannot be undone.`}
        deleting={removing.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
      {editing && (
        <CampaignEditor
          campaign={editing === 'new' ? null : editing}
          ownerEmail={data?.ownerEmail ?? null}
          confirmed={counts?.confirmed ?? 0}
          fullScreen={isPhone}
          onClose={() => setEditing(null)}
        />
      )}
    </SubPage>
  );
}
