import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplyIcon from '@mui/icons-material/Reply';
import { useToast } from '../../../components/toast';
import { useSite } from '../../../lib/site-context';
import { formatDateTime, timeAgo } from '../shared/relative-time';
import { failureToast } from '../shared/action-toast';
import { CenteredSpinner } from '../shared/centered-spinner';
import { LoadError } from '../shared/load-error';
import { useSessionExpiryCheck } from '../shared/session';
import { SubPage } from '../shared/sub-page';
import {
  useGetAdminMessagesQuery,
  useSetMessageReadMutation,
  type InboxMessage,
  type InboxPage,
} from './api';

/** The reply opens her own mail app, addressed to the sender, with the subject filled in. */
export function replyHref(message: Pick<InboxMessage, 'email'>, siteName: string): string {
  const subject = `Re: your message to ${siteName}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * The owner's inbox: every contact message, newest first, whether or not e-mail is set up (with
 * no OWNER_EMAIL this is the only place a message reaches her).
 */
export default function MessagesPage() {
  // each page after the first starts below the last id of the one before ("Load older messages")
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const first = useGetAdminMessagesQuery();

  let body;
  if (first.isLoading) body = <CenteredSpinner label="Loading messages..." />;
  else if (first.isError || !first.data)
    body = (
      <LoadError what="messages" error={first.error} onRetry={first.refetch} retrying={first.isFetching} />
    );
  else if (first.data.total === 0)
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h6" component="p">
          No messages yet
        </Typography>
        <Typography color="text.secondary">
          Messages sent from the Contact page appear here, newest first.
        </Typography>
      </Paper>
    );
  else
    body = (
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {cursors.map((before, i) => (
          <MessagesChunk
            key={before ?? 'first'}
            page={i === 0 ? first.data : undefined}
            before={before}
            isLast={i === cursors.length - 1}
            onMore={(lastId) => setCursors((c) => [...c, lastId])}
          />
        ))}
      </Stack>
    );

  const unread = first.data?.unread ?? 0;
  return (
    <SubPage
      title="Messages"
      backTo="/admin/dashboard"
      backLabel="Back to Dashboard"
      maxWidth="md"
      actions={
        first.data && first.data.total > 0 ? (
          <Typography color="text.secondary" aria-live="polite" data-testid="inbox-counts">
            {unread === 0 ? 'All read' : `${unread} unread`} · {first.data.total}{' '}
            {first.data.total === 1 ? 'message' : 'messages'}
          </Typography>
        ) : null
      }
    >
      {body}
    </SubPage>
  );
}

type ChunkProps = {
  /** The first page comes from the page itself; older pages ask for their own. */
  page?: InboxPage;
  before?: number;
  isLast: boolean;
  onMore: (lastId: number) => void;
};

function MessagesChunk({ page, before, isLast, onMore }: ChunkProps) {
  const older = useGetAdminMessagesQuery({ before }, { skip: page !== undefined });
  const data = page ?? older.data;
  if (!data) {
    if (older.isError)
      return (
        <li>
          <LoadError what="older messages" error={older.error} onRetry={older.refetch} />
        </li>
      );
    return (
      <li>
        <CenteredSpinner label="Loading messages..." />
      </li>
    );
  }
  const last = data.messages.at(-1);
  return (
    <>
      {data.messages.map((m) => (
        <MessageCard key={m.id} message={m} />
      ))}
      {isLast && data.hasMore && last && (
        <li>
          <Button variant="outlined" onClick={() => onMore(last.id)} sx={{ width: '100%' }}>
            Load older messages
          </Button>
        </li>
      )}
    </>
  );
}

function MessageCard({ message }: { message: InboxMessage }) {
  const { siteName } = useSite();
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [setRead, { isLoading }] = useSetMessageReadMutation();
  const unread = message.readAt === null;

  const mark = async (read: boolean) => {
    try {
      await setRead({ id: message.id, read }).unwrap();
    } catch (err) {
      checkSession(err);
      toast(failureToast(read ? 'mark the message as read' : 'mark the message as unread', err));
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      data-unread={unread || undefined}
      sx={{
        p: { xs: 2, sm: 3 },
        borderLeftWidth: 4,
        borderLeftColor: unread ? 'primary.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}
        >
          {message.name}
        </Typography>
        {unread && <Chip label="Unread" size="small" color="primary" />}
        <Typography
          variant="body2"
          color="text.secondary"
          component="time"
          dateTime={message.createdAt}
          title={formatDateTime(message.createdAt)}
          sx={{ ml: { sm: 'auto' } }}
        >
          {formatDateTime(message.createdAt)} ({timeAgo(new Date(message.createdAt))})
        </Typography>
      </Box>
      <Link href={`mailto:${message.email}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {message.email}
      </Link>
      <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.message}
      </Typography>
      <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="a"
          href={replyHref(message, siteName)}
          variant="contained"
          size="small"
          startIcon={<ReplyIcon />}
          // answering it is reading it
          onClick={() => {
            if (unread) void mark(true);
          }}
          aria-label={`Reply to ${message.name}`}
        >
          Reply
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={isLoading}
          onClick={() => void mark(unread)}
          aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: message from ${message.name}`}
        >
          {unread ? 'Mark as read' : 'Mark as unread'}
        </Button>
      </Box>
      {!unread && message.readAt && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Read {formatDateTime(message.readAt)}
        </Typography>
      )}
    </Paper>
  );
}
