import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useDeletePhotoMutation } from './api';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { useActionToast } from '../shared/action-toast';

/**
 * Deletes a photo after a confirmation. A photo that orders reference is archived instead by the
 * server (hidden from the shop, kept for the order history), and the toast says so.
 */
export function DeletePhotoButton({ photoId, title }: { photoId: number; title: string }) {
  const [open, setOpen] = useState(false);
  const [deletePhoto, { isLoading }] = useDeletePhotoMutation();
  const withToast = useActionToast();
  const navigate = useNavigate();

  const confirm = async () => {
    const deleted = await withToast(() => deletePhoto(photoId).unwrap(), {
      done: (result) => ({
        title: result.archived ? 'Photo archived' : 'Photo deleted',
        description: result.message,
      }),
      failure: 'delete the photo',
      onError: () => setOpen(false),
    });
    if (deleted) navigate('/admin/dashboard');
  };

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteOutlinedIcon />}
        onClick={() => setOpen(true)}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        Delete Photo
      </Button>
      <ConfirmDeleteDialog
        open={open}
        id="delete-photo"
        title={<>Delete “{title}”?</>}
        text="Are you sure you want to delete this photo? This action cannot be undone. If orders include it, it is archived instead: hidden from the shop and kept for the order history."
        deleting={isLoading}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
