import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../../../lib/format';
import { LoadError } from '../shared/load-error';
import { formatDate, formatShortDateTime } from '../shared/relative-time';
import { useGetGiftCardQuery, type GiftCardDetail, type GiftCardLedgerEntry } from './api';
import { GiftCardActions } from './gift-card-actions';
import { KIND_LABELS, STATUS_COLORS, maskedCode, signedPrice, statusText } from './gift-card-texts';

const TITLE_ID = 'gift-card-dialog-title';

type Props = { cardId: number | null; open: boolean; onClose: () => void; fullScreen: boolean };

/** One card: its facts, its ledger with the running balance, and what she can do to it. */
export function GiftCardDialog({ cardId, open, onClose, fullScreen }: Props) {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetGiftCardQuery(cardId ?? 0, {
    skip: cardId === null || !open,
    refetchOnMountOrArgChange: true,
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
    >
      <DialogTitle id={TITLE_ID}>
        {data ? `Gift card ${maskedCode(data.card.last4)}` : 'Gift card'}
      </DialogTitle>
      <DialogContent dividers>
        {isLoading || !data ? (
          isError ? (
            <LoadError onRetry={refetch} retrying={isFetching} what="the gift card" error={error} />
          ) : (
            <Stack spacing={1.5} aria-busy="true" aria-label="Loading the gift card">
              <Skeleton variant="rounded" height={80} />
              <Skeleton variant="rounded" height={160} />
            </Stack>
          )
        ) : (
          <Stack spacing={3}>
            <CardFacts detail={data} />
            <GiftCardActions key={data.card.id} detail={data} />
            <Box component="section" aria-labelledby="gift-card-ledger-title">
              <Typography id="gift-card-ledger-title" variant="h6" component="h3" sx={{ mb: 1 }}>
                Ledger
              </Typography>
              {fullScreen ? <LedgerList entries={data.entries} /> : <LedgerTable entries={data.entries} />}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function CardFacts({ detail }: { detail: GiftCardDetail }) {
  const { card } = detail;
  const facts: Array<[string, string]> = [
    [
      'Issued',
      `${formatPrice(card.initial)} on ${formatDate(card.createdAt)}${card.bought ? ' (bought in the shop)' : ' (by you)'}`,
    ],
    ['Recipient', [card.recipientName, card.recipientEmail].filter(Boolean).join(', ') || 'None given'],
  ];
  if (card.senderName) facts.push(['From', card.senderName]);
  if (card.kind === 'promotional')
    facts.push(['Ends', card.expiresAt ? formatShortDateTime(card.expiresAt) : 'Never']);
  if (card.message) facts.push(['Message', card.message]);
  if (card.photo) facts.push(['Photo', card.photo.title]);
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h4" component="p" aria-label={`Balance ${formatPrice(card.balance)}`}>
          {formatPrice(card.balance)}
        </Typography>
        <Chip size="small" label={KIND_LABELS[card.kind]} variant="outlined" />
        <Chip size="small" label={statusText(card)} color={STATUS_COLORS[card.status]} />
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {card.status === 'voided' && (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          This card is voided: it can no longer be spent or changed.
        </Alert>
      )}
    </Box>
  );
}

function LedgerTable({ entries }: { entries: GiftCardLedgerEntry[] }) {
  return (
    <Table size="small" aria-labelledby="gift-card-ledger-title">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>What</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Balance</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(e.at)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.description}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {signedPrice(e.amount)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatPrice(e.balance)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The ledger on a phone: one entry a row, its amount and balance on the right. */
function LedgerList({ entries }: { entries: GiftCardLedgerEntry[] }) {
  return (
    <Stack
      component="ol"
      aria-labelledby="gift-card-ledger-title"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}
    >
      {entries.map((e) => (
        <Box component="li" key={e.id} sx={{ display: 'flex', gap: 2, py: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{e.description}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatShortDateTime(e.at)}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography>{signedPrice(e.amount)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`Balance ${formatPrice(e.balance)}`}
            </Typography>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
