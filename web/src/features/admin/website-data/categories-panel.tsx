import { useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Category } from '../../../lib/api-types';
import { useAppDispatch } from '../../../lib/hooks';
import { catalogApi, useGetCategoriesQuery } from '../../../lib/catalog-api';
import { useDeleteCategoryMutation, useReorderCategoriesMutation } from './api';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { EmptyList, ListHeader, ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { moved } from '../shared/reorder';
import { ReorderableList } from '../shared/reorderable-list';
import { CategoryDialog } from './category-dialog';
import { useActionToast } from '../shared/action-toast';
import { useEditDialog } from '../shared/use-edit-dialog';

export function CategoriesPanel() {
  const withToast = useActionToast();
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useGetCategoriesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [deleteCategory, { isLoading: deleting }] = useDeleteCategoryMutation();
  const [reorderCategories, { isLoading: reordering }] = useReorderCategoriesMutation();
  const dialog = useEditDialog<Category>();
  const [pendingDelete, setPendingDelete] = useState<Category | null>(null);

  const categories = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id),
    [data],
  );

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const deleted = await withToast(() => deleteCategory(pendingDelete.id).unwrap(), {
      done: { title: 'Success', description: 'Category deleted successfully.' },
      failure: 'delete category',
    });
    if (deleted) setPendingDelete(null);
  };

  const move = async (index: number, offset: -1 | 1) => {
    const next = moved(categories, index, offset);
    if (!next) return;
    // Show the new order at once; the refetch after the call brings the stored one.
    dispatch(
      catalogApi.util.updateQueryData('getCategories', undefined, () =>
        next.map((category, position) => ({ ...category, displayOrder: position })),
      ),
    );
    await withToast(() => reorderCategories(next.map((category) => category.id)).unwrap(), {
      done: { title: 'Success', description: 'Categories reordered.' },
      failure: 'reorder categories',
      onError: () => void refetch(),
    });
  };

  return (
    <Stack spacing={2.5}>
      <ListHeader
        level="h3"
        title="Categories"
        description="The filter buttons of the portfolio, in this order."
        addLabel="Add Category"
        onAdd={dialog.openAdd}
      />

      {isLoading ? (
        <ListSkeleton label="Loading categories" height={72} />
      ) : isError ? (
        <LoadError onRetry={refetch}>Failed to load categories.</LoadError>
      ) : categories.length === 0 ? (
        <EmptyList>No categories found. Add your first category to get started.</EmptyList>
      ) : (
        <ReorderableList
          aria-label="Categories"
          items={categories}
          keyOf={(category) => category.id}
          nameOf={(category) => category.displayName}
          itemSx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: { xs: 1, sm: 2 },
            px: { xs: 1.5, sm: 2 },
            py: 1.5,
          }}
          actionsSx={{ ml: 'auto' }}
          onMove={(index, offset) => void move(index, offset)}
          onEdit={dialog.openEdit}
          onDelete={setPendingDelete}
          reordering={reordering}
          renderItem={(category) => (
            <>
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
            </>
          )}
        />
      )}

      <CategoryDialog open={dialog.open} category={dialog.entry} onClose={dialog.close} />

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        id="delete-category"
        role="alertdialog"
        title="Delete Category"
        text="Are you sure you want to delete this category? This action cannot be undone."
        deleting={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
