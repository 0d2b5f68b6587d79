import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { api, errorMessage } from '../../../app/api';
import type { Faq } from '../../../app/api-types';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../components/toast';
import { storefrontApi, useGetFaqsQuery } from '../../storefront';
import { useDeleteFaqMutation, useReorderFaqsMutation } from './api';
import { FaqDialog } from './faq-dialog';
import { useAutoHideScrollbar } from './use-auto-hide-scrollbar';

/** The list is refetched about 300 ms after a reorder. */
const REFETCH_AFTER_REORDER_MS = 300;

export default function FaqsTab() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { data, isLoading, isError, refetch } = useGetFaqsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [deleteFaq] = useDeleteFaqMutation();
  const [reorderFaqs, { isLoading: reordering }] = useReorderFaqsMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Faq | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const scrollbar = useAutoHideScrollbar();
  const refetchTimer = useRef<number | undefined>(undefined);

  const faqs = useMemo(() => data ?? [], [data]);

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (faq: Faq) => {
    setEditing(faq);
    setDialogOpen(true);
  };

  const remove = async (faq: Faq) => {
    if (!window.confirm('Are you sure you want to delete this FAQ?')) return;
    setDeletingId(faq.id);
    try {
      await deleteFaq(faq.id).unwrap();
      toast({ title: 'FAQ Deleted', description: 'The FAQ has been deleted.' });
    } catch (err) {
      toast({
        title: 'Error',
        description: `Failed to delete FAQ: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    } finally {
      setDeletingId(null);
    }
  };

  const move = async (index: number, offset: -1 | 1) => {
    const target = index + offset;
    if (target < 0 || target >= faqs.length) return;
    const next = [...faqs];
    [next[index], next[target]] = [next[target], next[index]];
    dispatch(
      storefrontApi.util.updateQueryData('getFaqs', undefined, () =>
        next.map((faq, position) => ({ ...faq, orderIndex: position })),
      ),
    );
    try {
      await reorderFaqs(next.map((faq) => faq.id)).unwrap();
      toast({ title: 'FAQs Reordered', description: 'The new order is live on the FAQ page.' });
    } catch (err) {
      toast({
        title: 'Error',
        description: `Failed to reorder FAQs: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    } finally {
      // Either way the stored order is the truth: bring it back shortly after.
      window.clearTimeout(refetchTimer.current);
      refetchTimer.current = window.setTimeout(
        () => dispatch(api.util.invalidateTags(['Faqs'])),
        REFETCH_AFTER_REORDER_MS,
      );
    }
  };

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="h5" component="h2">
            FAQs
          </Typography>
          <Typography color="text.secondary">Questions shown on the FAQ page, in this order.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={openAdd}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Add FAQ
        </Button>
      </Box>

      {isLoading ? (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading FAQs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Stack>
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        >
          Failed to load FAQs.
        </Alert>
      ) : faqs.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            No FAQs found. Add your first FAQ using the button above.
          </Typography>
        </Paper>
      ) : (
        <Box
          tabIndex={0}
          role="region"
          aria-label="FAQ list"
          onScroll={scrollbar.show}
          onPointerMove={scrollbar.show}
          sx={{
            maxHeight: 600,
            overflowY: 'auto',
            overscrollBehavior: 'contain',
            pr: 1,
            scrollbarWidth: 'thin',
            scrollbarColor: scrollbar.visible
              ? 'rgba(31, 38, 34, 0.35) transparent'
              : 'transparent transparent',
            transition: 'scrollbar-color 200ms',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {faqs.map((faq, index) => (
              <Paper
                component="li"
                key={faq.id}
                variant="outlined"
                sx={{
                  p: { xs: 1.5, sm: 2 },
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  gap: { xs: 1, sm: 2 },
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{faq.question}</Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{
                      mt: 0.5,
                      whiteSpace: 'pre-line',
                      overflowWrap: 'anywhere',
                      display: '-webkit-box',
                      WebkitLineClamp: 3,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    }}
                  >
                    {faq.answer}
                  </Typography>
                </Box>
                <Box
                  sx={{
                    display: 'flex',
                    gap: 0.5,
                    alignSelf: { xs: 'flex-end', sm: 'flex-start' },
                    flexShrink: 0,
                  }}
                >
                  <IconButton
                    aria-label={`Move "${faq.question}" up`}
                    onClick={() => void move(index, -1)}
                    disabled={index === 0 || reordering}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move "${faq.question}" down`}
                    onClick={() => void move(index, 1)}
                    disabled={index === faqs.length - 1 || reordering}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Edit "${faq.question}"`} onClick={() => openEdit(faq)}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Delete "${faq.question}"`}
                    onClick={() => void remove(faq)}
                    disabled={deletingId === faq.id}
                    sx={{ color: 'error.main' }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Paper>
            ))}
          </Stack>
        </Box>
      )}

      <FaqDialog open={dialogOpen} faq={editing} onClose={() => setDialogOpen(false)} fullScreen={isPhone} />
    </Stack>
  );
}
