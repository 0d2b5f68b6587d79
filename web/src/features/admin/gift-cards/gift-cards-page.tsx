import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { formatPrice } from '../../../lib/format';
import { CardRow } from '../shared/card-row';
import { EmptyList, ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { formatDate } from '../shared/relative-time';
import { SubPage } from '../shared/sub-page';
import { useGetGiftCardSettingsQuery, useGetGiftCardsQuery, type AdminGiftCard } from './api';
import { GiftCardDialog } from './gift-card-dialog';
import { GiftCardSettingsForm } from './gift-card-settings';
import { KIND_LABELS, STATUS_COLORS, maskedCode, statusText } from './gift-card-texts';
import { IssueGiftCardDialog } from './issue-gift-card-dialog';

function GiftCardRow({ card, onOpen }: { card: AdminGiftCard; onOpen: (id: number) => void }) {
  const headingId = `gift-card-${card.id}`;
  const code = maskedCode(card.last4);
  return (
    <CardRow
      headingId={headingId}
      sideBy="md"
      align="center"
      title={
        <>
          <Typography
            id={headingId}
            component="h2"
            sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.1rem' }}
          >
            {code}
          </Typography>
          <Chip size="small" label={statusText(card)} color={STATUS_COLORS[card.status]} />
        </>
      }
      actions={
        <Button variant="outlined" size="small" onClick={() => onOpen(card.id)} aria-label={`Open ${code}`}>
          Open
        </Button>
      }
    >
      <Typography sx={{ mt: 0.5 }}>
        <strong>{formatPrice(card.balance)}</strong>
        {card.balance !== card.initial && (
          <Typography
            component="span"
            color="text.secondary"
          >{` of ${formatPrice(card.initial)}`}</Typography>
        )}
        {' · '}
        {KIND_LABELS[card.kind]}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[card.recipientName, card.recipientEmail].filter(Boolean).join(', ') || 'No recipient'}
        {` · Created ${formatDate(card.createdAt)}`}
      </Typography>
    </CardRow>
  );
}

/** Orders > Gift cards: what she owes on cards sold, the cards (one card's ledger), her settings. */
export default function GiftCardsPage() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [issuing, setIssuing] = useState(false);
  const list = useGetGiftCardsQuery(page, { refetchOnMountOrArgChange: true });
  const settings = useGetGiftCardSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <SubPage
      title="Gift Cards"
      backTo="/admin/orders"
      backLabel="Back to Orders"
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setIssuing(true)}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Issue a Gift Card
        </Button>
      }
    >
      <Stack spacing={3}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="gift-cards-owed"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="gift-cards-owed" variant="overline" component="h2">
            Outstanding on cards sold
          </Typography>
          <Typography variant="h4" component="p" data-testid="gift-cards-outstanding">
            {data ? formatPrice(data.outstanding) : '…'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What buyers can still spend on the cards they paid for: money you owe. Promotional credit is not
            counted. The monthly tax report and the orders CSV end with it too.
          </Typography>
        </Paper>

        <Box component="section" aria-labelledby="gift-cards-list-title">
          <Typography id="gift-cards-list-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
            Cards
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Newest first{data && data.total > 0 ? `: ${data.total} in all` : ''}. Open a card for its ledger.
          </Typography>
          {list.isLoading ? (
            <ListSkeleton label="Loading gift cards" height={90} />
          ) : list.isError || !data ? (
            <LoadError
              onRetry={list.refetch}
              retrying={list.isFetching}
              what="gift cards"
              error={list.error}
            />
          ) : data.cards.length === 0 ? (
            <EmptyList>No gift cards yet.</EmptyList>
          ) : (
            <Stack
              component="ul"
              spacing={1.5}
              aria-label="Gift cards"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                opacity: list.isFetching ? 0.7 : 1,
                transition: 'opacity 150ms',
              }}
            >
              {data.cards.map((card) => (
                <GiftCardRow key={card.id} card={card} onOpen={setOpenId} />
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
        </Box>

        {settings.data ? (
          <GiftCardSettingsForm settings={settings.data} />
        ) : settings.isError ? (
          <LoadError
            onRetry={settings.refetch}
            retrying={settings.isFetching}
            what="gift card settings"
            error={settings.error}
          />
        ) : (
          <ListSkeleton label="Loading gift card settings" height={120} />
        )}
      </Stack>

      <IssueGiftCardDialog open={issuing} onClose={() => setIssuing(false)} fullScreen={isPhone} />
      <GiftCardDialog
        cardId={openId}
        open={openId !== null}
        onClose={() => setOpenId(null)}
        fullScreen={isPhone}
      />
    </SubPage>
  );
}
