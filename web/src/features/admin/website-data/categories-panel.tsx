import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { errorMessage } from '../../../app/api';
import type { Category } from '../../../app/api-types';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../components/toast';
import { storefrontApi, useGetCategoriesQuery } from '../../storefront';
import { useDeleteCategoryMutation, useReorderCategoriesMutation } from './api';
import { CategoryDialog } from './category-dialog';

export function CategoriesPanel() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useGetCategoriesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [deleteCategory, { isLoading: deleting }] = useDeleteCategoryMutation();
  const [reorderCategories, { isLoading: reordering }] = useReorderCategoriesMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Category | null>(null);

  const categories = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id),
    [data],
  );

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (category: Category) => {
    setEditing(category);
    setDialogOpen(true);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteCategory(pendingDelete.id).unwrap();
      toast({ title: 'Success', description: 'Category deleted successfully.' });
      setPendingDelete(null);
    } catch (err) {
      toast({
        title: 'Error',
        description: `Failed to delete category: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    }
  };

  const move = async (index: number, offset: -1 | 1) => {
    const target = index + offset;
    if (target < 0 || target >= categories.length) return;
    const next = [...categories];
    [next[index], next[target]] = [next[target], next[index]];
    // Show the new order at once; the refetch after the call brings the stored one.
    dispatch(
      storefrontApi.util.updateQueryData('getCategories', undefined, () =>
        next.map((category, position) => ({ ...category, displayOrder: position })),
      ),
    );
    try {
      await reorderCategories(next.map((category) => category.id)).unwrap();
      toast({ title: 'Success', description: 'Categories reordered.' });
    } catch (err) {
      void refetch();
      toast({
        title: 'Error',
        description: `Failed to reorder categories: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack spacing={2.5}>
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
          <Typography variant="h6" component="h3">
            Categories
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The filter buttons of the portfolio, in this order.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={openAdd}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Add Category
        </Button>
      </Box>

      {isLoading ? (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading categories">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} />
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
          Failed to load categories.
        </Alert>
      ) : categories.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            No categories found. Add your first category to get started.
          </Typography>
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Categories">
          {categories.map((category, index) => (
            <Paper
              component="li"
              key={category.id}
              variant="outlined"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: { xs: 1, sm: 2 },
                px: { xs: 1.5, sm: 2 },
                py: 1.5,
              }}
            >
              <Avatar
                aria-label={`Display order ${category.displayOrder}`}
                sx={{
                  bgcolor: 'secondary.light',
                  color: 'text.primary',
                  width: 36,
                  height: 36,
                  fontSize: 15,
                }}
              >
                {category.displayOrder}
              </Avatar>
              <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {category.displayName}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  ID: {category.name}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
                <IconButton
                  aria-label={`Move ${category.displayName} up`}
                  onClick={() => void move(index, -1)}
                  disabled={index === 0 || reordering}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`Move ${category.displayName} down`}
                  onClick={() => void move(index, 1)}
                  disabled={index === categories.length - 1 || reordering}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Edit ${category.displayName}`} onClick={() => openEdit(category)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`Delete ${category.displayName}`}
                  onClick={() => setPendingDelete(category)}
                  sx={{ color: 'error.main' }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Box>
            </Paper>
          ))}
        </Stack>
      )}

      <CategoryDialog open={dialogOpen} category={editing} onClose={() => setDialogOpen(false)} />

      <Dialog
        open={pendingDelete !== null}
        onClose={() => !deleting && setPendingDelete(null)}
        aria-labelledby="delete-category-title"
        aria-describedby="delete-category-text"
        role="alertdialog"
      >
        <DialogTitle id="delete-category-title">Delete Category</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-category-text">
            Are you sure you want to delete this category? This action cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setPendingDelete(null)} disabled={deleting}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
