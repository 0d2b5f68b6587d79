import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { api } from '../../../lib/api';
import type { Faq } from '../../../lib/api-types';
import { useAppDispatch } from '../../../lib/hooks';
import { contentApi, useGetFaqsQuery } from '../../../lib/content-api';
import { useDeleteFaqMutation, useReorderFaqsMutation } from './api';
import { EmptyList, ListHeader, ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { moved } from '../shared/reorder';
import { ReorderableList } from '../shared/reorderable-list';
import { FaqDialog } from './faq-dialog';
import { useAutoHideScrollbar } from './use-auto-hide-scrollbar';
import { useActionToast } from '../shared/action-toast';
import { useEditDialog } from '../shared/use-edit-dialog';

/** The list is refetched about 300 ms after a reorder. */
const REFETCH_AFTER_REORDER_MS = 300;

export default function FaqsTab() {
  const withToast = useActionToast();
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { data, isLoading, isError, refetch } = useGetFaqsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [deleteFaq] = useDeleteFaqMutation();
  const [reorderFaqs, { isLoading: reordering }] = useReorderFaqsMutation();
  const dialog = useEditDialog<Faq>();
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const scrollbar = useAutoHideScrollbar();
  const refetchTimer = useRef<number | undefined>(undefined);

  const faqs = useMemo(() => data ?? [], [data]);

  const remove = async (faq: Faq) => {
    if (!window.confirm('Are you sure you want to delete this FAQ?')) return;
    setDeletingId(faq.id);
    await withToast(() => deleteFaq(faq.id).unwrap(), {
      done: { title: 'FAQ Deleted', description: 'The FAQ has been deleted.' },
      failure: 'delete FAQ',
    });
    setDeletingId(null);
  };

  const move = async (index: number, offset: -1 | 1) => {
    const next = moved(faqs, index, offset);
    if (!next) return;
    dispatch(
      contentApi.util.updateQueryData('getFaqs', undefined, () =>
        next.map((faq, position) => ({ ...faq, orderIndex: position })),
      ),
    );
    await withToast(() => reorderFaqs(next.map((faq) => faq.id)).unwrap(), {
      done: { title: 'FAQs Reordered', description: 'The new order is live on the FAQ page.' },
      failure: 'reorder FAQs',
    });
    // Either way the stored order is the truth: bring it back shortly after.
    window.clearTimeout(refetchTimer.current);
    refetchTimer.current = window.setTimeout(
      () => dispatch(api.util.invalidateTags(['Faqs'])),
      REFETCH_AFTER_REORDER_MS,
    );
  };

  return (
    <Stack spacing={3}>
      <ListHeader
        level="h2"
        title="FAQs"
        description="Questions shown on the FAQ page, in this order."
        addLabel="Add FAQ"
        onAdd={dialog.openAdd}
      />

      {isLoading ? (
        <ListSkeleton label="Loading FAQs" height={110} />
      ) : isError ? (
        <LoadError onRetry={refetch}>Failed to load FAQs.</LoadError>
      ) : faqs.length === 0 ? (
        <EmptyList>No FAQs found. Add your first FAQ using the button above.</EmptyList>
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
          <ReorderableList
            ordered
            items={faqs}
            keyOf={(faq) => faq.id}
            nameOf={(faq) => `"${faq.question}"`}
            itemSx={{
              p: { xs: 1.5, sm: 2 },
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: { xs: 1, sm: 2 },
            }}
            actionsSx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, flexShrink: 0 }}
            onMove={(index, offset) => void move(index, offset)}
            onEdit={dialog.openEdit}
            onDelete={(faq) => void remove(faq)}
            reordering={reordering}
            isDeleting={(faq) => deletingId === faq.id}
            renderItem={(faq) => (
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
            )}
          />
        </Box>
      )}

      <FaqDialog open={dialog.open} faq={dialog.entry} onClose={dialog.close} fullScreen={isPhone} />
    </Stack>
  );
}
