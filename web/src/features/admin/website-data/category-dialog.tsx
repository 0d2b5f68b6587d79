import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../app/api';
import type { Category } from '../../../app/api-types';
import { useToast } from '../../../components/toast';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './api';

type Props = {
  open: boolean;
  /** The category being edited; null opens the dialog in add mode. */
  category: Category | null;
  onClose: () => void;
};

export function CategoryDialog({ open, category, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="category-dialog-title">
      {/* Mounted only while open, so every opening starts from the picked category's values. */}
      {open && <CategoryForm category={category} onClose={onClose} />}
    </Dialog>
  );
}

function CategoryForm({ category, onClose }: Omit<Props, 'open'>) {
  const toast = useToast();
  const [createCategory, createState] = useCreateCategoryMutation();
  const [updateCategory, updateState] = useUpdateCategoryMutation();
  const [name, setName] = useState(category?.name ?? '');
  const [displayName, setDisplayName] = useState(category?.displayName ?? '');
  const saving = createState.isLoading || updateState.isLoading;
  const editing = category !== null;
  const incomplete = name.trim() === '' || displayName.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (incomplete || saving) return;
    const input = { name: name.trim(), displayName: displayName.trim() };
    try {
      if (editing) {
        await updateCategory({ id: category.id, ...input }).unwrap();
        toast({ title: 'Success', description: 'Category updated successfully.' });
      } else {
        await createCategory(input).unwrap();
        toast({ title: 'Success', description: 'Category created successfully.' });
      }
      onClose();
    } catch (err) {
      const action = editing ? 'update' : 'create';
      toast({
        title: 'Error',
        description: `Failed to ${action} category: ${errorMessage(err)}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <DialogTitle id="category-dialog-title">{editing ? 'Edit Category' : 'Add Category'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Category ID"
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText="Used for URL and internal reference (lowercase, no spaces)"
            placeholder="e.g. birds"
            required
            autoFocus
            disabled={saving}
            slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
          />
          <TextField
            label="Display Name"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            helperText="The name shown to users"
            placeholder="e.g. Birds"
            required
            disabled={saving}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={incomplete || saving}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add Category'}
        </Button>
      </DialogActions>
    </form>
  );
}
