import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

type SaveChangesButtonProps = {
  saving: boolean;
  /** Without onClick the button submits its form. */
  onClick?: () => void;
};

/** The large 'Save Changes' button at the end of an admin form ('Saving...' while saving). */
export function SaveChangesButton({ saving, onClick }: SaveChangesButtonProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button
        type={onClick ? undefined : 'submit'}
        variant="contained"
        size="large"
        onClick={onClick}
        disabled={saving}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </Box>
  );
}
