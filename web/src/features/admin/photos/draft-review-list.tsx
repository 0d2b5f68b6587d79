import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { PhotoDraft } from '@contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useActionToast } from '../shared/action-toast';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { GridBox } from '../shared/grid-box';
import { useDeletePhotoMutation, usePublishDraftsMutation } from './api';

type DraftReviewListProps = {
  drafts: PhotoDraft[];
  categoryName: (name: string) => string;
};

function options(count: number): string {
  return `${count} print option${count === 1 ? '' : 's'}`;
}

/** A draft no print size fits (none of its ratio in the catalogue): published, it is not for sale. */
function noSizesText(draft: PhotoDraft): string {
  return draft.aspectRatio ? `No print sizes for ${draft.aspectRatio}` : 'No print sizes';
}

/** The drafts to review: each with its thumbnail, title, category, ratio and options; publish some or all. */
export function DraftReviewList({ drafts, categoryName }: DraftReviewListProps) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<PhotoDraft | null>(null);
  // how many this screen published: an empty list after it says they are done, not "none yet"
  const [publishedHere, setPublishedHere] = useState(0);
  const [publish, { isLoading: publishing }] = usePublishDraftsMutation();
  const [deletePhoto, { isLoading: deletingNow }] = useDeletePhotoMutation();
  const withToast = useActionToast();
  const selected = drafts.filter((draft) => chosen.has(draft.id)).map((draft) => draft.id);

  const toggle = (id: number) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const unsold = drafts.filter((draft) => draft.printOptionCount === 0);

  const publishIds = async (ids: number[]) => {
    let count = 0;
    const done = await withToast(
      async () => {
        const result = await publish(ids).unwrap();
        count = result.published.length;
        return result;
      },
      {
        done: (result) => ({
          title: 'Published',
          description:
            `${result.published.length} photo${result.published.length === 1 ? ' is' : 's are'} now in the shop.` +
            (result.notForSale.length
              ? ` ${result.notForSale.length} of them ha${result.notForSale.length === 1 ? 's' : 've'} no print sizes: not for sale yet.`
              : ''),
        }),
        failure: 'publish the drafts',
      },
    );
    if (done) {
      setChosen(new Set());
      setPublishedHere((n) => n + count);
    }
  };

  const confirmDelete = async (draft: PhotoDraft) => {
    await withToast(() => deletePhoto(draft.id).unwrap(), {
      done: { title: 'Draft deleted', description: `“${draft.title}” was deleted.` },
      failure: 'delete the draft',
    });
    setDeleting(null);
  };

  if (drafts.length === 0)
    return (
      <Typography color="text.secondary" role="status">
        {publishedHere > 0
          ? 'All drafts published. New photos become drafts here once they have arrived.'
          : 'No drafts yet: each photo becomes a draft here once it has arrived.'}
      </Typography>
    );

  return (
    <Box>
      {unsold.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {`No print sizes fit ${unsold.length === 1 ? 'this draft' : 'these drafts'}: ${unsold
            .map((draft) => `“${draft.title}” (${draft.aspectRatio ?? 'no ratio'})`)
            .join(
              ', ',
            )}. Published, ${unsold.length === 1 ? 'its page says' : 'their pages say'} prints are not for sale yet; add a size of that ratio under Sale Items, then to the photo.`}
        </Alert>
      )}
      {/* a phone stacks the two, each on one line */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<PublishIcon />}
          disabled={selected.length === 0 || publishing}
          onClick={() => void publishIds(selected)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {`Publish selected (${selected.length})`}
        </Button>
        <Button
          variant="outlined"
          disabled={publishing}
          onClick={() => void publishIds(drafts.map((draft) => draft.id))}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Publish all
        </Button>
      </Box>
      <GridBox
        component="ul"
        aria-label="Drafts"
        columns={{ xs: '1fr', md: 'repeat(2, 1fr)' }}
        sx={{ gap: 1.5, p: 0, m: 0 }}
      >
        {drafts.map((draft) => (
          <Card
            component="li"
            key={draft.id}
            variant="outlined"
            aria-label={draft.title}
            sx={{ listStyle: 'none', display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1.5, p: 1.5 }}
          >
            <Box sx={{ width: 96, borderRadius: 1, overflow: 'hidden', alignSelf: 'start' }}>
              <ResponsiveImage photo={draft} ratio={1} sizes="96px" alt={draft.title} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <FormControlLabel
                control={<Checkbox checked={chosen.has(draft.id)} onChange={() => toggle(draft.id)} />}
                label={
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{draft.title}</Typography>
                }
                sx={{ mr: 0, alignItems: 'center' }}
              />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, my: 0.5 }}>
                <Chip label={categoryName(draft.category)} size="small" variant="outlined" />
                {draft.aspectRatio && <Chip label={draft.aspectRatio} size="small" variant="outlined" />}
                {draft.printOptionCount === 0 ? (
                  <Chip label={noSizesText(draft)} size="small" color="warning" />
                ) : (
                  <Chip label={options(draft.printOptionCount)} size="small" variant="outlined" />
                )}
              </Box>
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                <Button
                  component={RouterLink}
                  to={`/admin/edit-photo/${draft.id}`}
                  size="small"
                  variant="outlined"
                  startIcon={<EditIcon />}
                  aria-label={`Edit ${draft.title}`}
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlinedIcon />}
                  onClick={() => setDeleting(draft)}
                  aria-label={`Delete ${draft.title}`}
                >
                  Delete
                </Button>
              </Box>
            </Box>
          </Card>
        ))}
      </GridBox>
      <ConfirmDeleteDialog
        open={deleting !== null}
        id="delete-draft"
        title={<>Delete “{deleting?.title}”?</>}
        text="Are you sure you want to delete this draft? This action cannot be undone."
        deleting={deletingNow}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </Box>
  );
}
