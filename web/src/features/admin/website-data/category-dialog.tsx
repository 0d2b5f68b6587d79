import { useState } from 'react';
import type { Category } from '../../../lib/api-types';
import { DialogForm, EditDialog } from '../shared/edit-dialog';
import { FormTextField } from '../shared/form-field';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './api';
import { useEntryForm } from '../shared/use-entry-form';

const TITLE_ID = 'category-dialog-title';

type Props = {
  open: boolean;
  /** The category being edited; null opens the dialog in add mode. */
  category: Category | null;
  onClose: () => void;
};

export function CategoryDialog({ open, category, onClose }: Props) {
  return (
    <EditDialog open={open} onClose={onClose} titleId={TITLE_ID}>
      <CategoryForm category={category} onClose={onClose} />
    </EditDialog>
  );
}

function CategoryForm({ category, onClose }: Omit<Props, 'open'>) {
  const [createCategory, createState] = useCreateCategoryMutation();
  const [updateCategory, updateState] = useUpdateCategoryMutation();
  const [name, setName] = useState(category?.name ?? '');
  const [displayName, setDisplayName] = useState(category?.displayName ?? '');
  const saving = createState.isLoading || updateState.isLoading;
  const incomplete = name.trim() === '' || displayName.trim() === '';
  const { save, dialogForm } = useEntryForm(category, {
    titleId: TITLE_ID,
    noun: 'Category',
    saving,
    create: (input: { name: string; displayName: string }) => createCategory(input).unwrap(),
    update: (entry, input) => updateCategory({ id: entry.id, ...input }).unwrap(),
    added: {
      done: { title: 'Success', description: 'Category created successfully.' },
      failure: 'create category',
    },
    updated: {
      done: { title: 'Success', description: 'Category updated successfully.' },
      failure: 'update category',
    },
    onClose,
  });

  const onSubmit = async () => {
    if (incomplete || saving) return;
    await save({ name: name.trim(), displayName: displayName.trim() });
  };

  return (
    <DialogForm {...dialogForm} onSubmit={onSubmit} submitDisabled={incomplete}>
      <FormTextField
        label="Category ID"
        value={name}
        onValueChange={setName}
        helperText="Used for URL and internal reference (lowercase, no spaces)"
        placeholder="e.g. birds"
        required
        autoFocus
        disabled={saving}
        slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
      />
      <FormTextField
        label="Display Name"
        value={displayName}
        onValueChange={setDisplayName}
        helperText="The name shown to users"
        placeholder="e.g. Birds"
        required
        disabled={saving}
      />
    </DialogForm>
  );
}
