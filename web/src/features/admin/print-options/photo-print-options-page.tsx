import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { errorMessage, isApiError } from '../../../lib/api';
import type { PhotoDetail, PrintOption } from '../../../lib/api-types';
import { ResponsiveImage } from '../../../components/responsive-image';
import { formatPrice } from '../../../lib/format';
import { useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { useGetAdminPhotoQuery } from '../shared/api';
import { useAssignPrintOptionMutation, useUnassignPrintOptionMutation } from './api';
import { CenteredSpinner } from '../shared/centered-spinner';
import { useSessionExpiryCheck } from '../shared/session';
import { SubPage } from '../shared/sub-page';
import { LoadError } from '../shared/load-error';
import { useActionToast } from '../shared/action-toast';
import { rowFrom } from '../shared/row-from';
import { useIdParam } from '../shared/use-id-param';
import { useGetPrintSizesQuery, type PrintSize } from '../shared/print-sizes-api';
import { MadeByLine, SizeNote, originalText } from '../shared/print-size-status';

type OptionToggleProps = {
  photo: PhotoDetail;
  option: PrintOption;
  added: boolean;
  /** Who makes it and whether the original has the pixels for it (an assigned option, once read). */
  status?: PrintSize;
};

function OptionToggle({ photo, option, added, status }: OptionToggleProps) {
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  const [assign, { isLoading: adding }] = useAssignPrintOptionMutation();
  const [unassign, { isLoading: removing }] = useUnassignPrintOptionMutation();
  const busy = adding || removing;
  const label = `${option.size}, ${option.format}`;

  const onChange = async (next: 'added' | 'removed' | null) => {
    if (!next || busy || (next === 'added') === added) return;
    const offer = next === 'added';
    await withToast(
      async () => {
        if (offer) await assign({ photoId: photo.id, printOptionId: option.id }).unwrap();
        else await unassign({ photoId: photo.id, optionId: option.id }).unwrap();
      },
      {
        done: {
          title: 'Success',
          description: `${label} ${offer ? 'is now offered' : 'is no longer offered'} for this photo.`,
        },
        failure: offer ? 'add print option' : 'remove print option',
        onError: checkSession,
      },
    );
  };

  return (
    <Card
      component="li"
      aria-label={label}
      sx={{ listStyle: 'none', borderColor: added ? 'primary.main' : undefined }}
    >
      <CardContent sx={{ display: 'grid', gap: 1.5, '&:last-child': { pb: 2 } }}>
        <Box sx={{ ...rowFrom('sm'), gap: 1.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{option.size}</Typography>
            <Typography variant="body2" color="text.secondary">
              {option.format} · {formatPrice(option.price)} + {formatPrice(option.shipping)} shipping
            </Typography>
            {status && <MadeByLine size={status} />}
          </Box>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={added ? 'added' : 'removed'}
            onChange={(_e, next: 'added' | 'removed' | null) => void onChange(next)}
            aria-label={`${label}: offered for this photo`}
            disabled={busy}
            sx={{
              alignSelf: { xs: 'stretch', sm: 'center' },
              '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: 2 },
            }}
          >
            <ToggleButton value="added" color="primary">
              {added && <CheckIcon fontSize="small" sx={{ mr: 0.5 }} />}
              Added
            </ToggleButton>
            <ToggleButton value="removed">Removed</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {status && <SizeNote size={status} />}
      </CardContent>
    </Card>
  );
}

export default function PhotoPrintOptionsPage() {
  const { id, validId } = useIdParam();
  const photoQuery = useGetAdminPhotoQuery(id, { skip: !validId, refetchOnMountOrArgChange: true });
  const catalogueQuery = useGetPrintOptionsQuery();
  const sizesQuery = useGetPrintSizesQuery(id, { skip: !validId, refetchOnMountOrArgChange: true });
  const photo = photoQuery.data;
  const sizes = sizesQuery.data;

  if (!validId || (isApiError(photoQuery.error) && photoQuery.error.status === 404)) {
    return (
      <SubPage title="Photo Not Found" backTo="/admin/manage-photo-options" backLabel="Back to photos">
        <Typography color="text.secondary">This photo does not exist.</Typography>
      </SubPage>
    );
  }
  if (photoQuery.isLoading) return <CenteredSpinner label="Loading photo..." />;
  if (!photo) {
    return (
      <SubPage title="Manage Photo Options" backTo="/admin/manage-photo-options" backLabel="Back to photos">
        <LoadError onRetry={photoQuery.refetch}>
          Failed to load the photo. {photoQuery.error ? errorMessage(photoQuery.error) : ''}
        </LoadError>
      </SubPage>
    );
  }

  const assignedIds = new Set(photo.printOptions.map((o) => o.id));
  const matching = (catalogueQuery.data ?? []).filter((o) => o.aspectRatio === photo.aspectRatio);
  // Assigned options stay listed even if the catalogue no longer offers them, so they can be removed.
  const listed = [...matching, ...photo.printOptions.filter((o) => !matching.some((m) => m.id === o.id))];

  return (
    <SubPage title="Manage Photo Options" backTo="/admin/manage-photo-options" backLabel="Back to photos">
      <Card sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}>
            <ResponsiveImage photo={photo} ratio={4 / 3} sizes="(min-width: 600px) 220px, 100vw" />
          </Box>
          <CardContent sx={{ flex: 1 }}>
            <Typography variant="h5" component="h2">
              {photo.title}
            </Typography>
            <Typography color="text.secondary">
              Aspect ratio: {photo.aspectRatio ?? 'not set'} · {photo.printOptions.length} option
              {photo.printOptions.length === 1 ? '' : 's'} assigned
            </Typography>
            {sizes && <Typography color="text.secondary">{originalText(sizes)}</Typography>}
            <Button
              component={RouterLink}
              to={`/admin/edit-photo/${photo.id}`}
              size="small"
              sx={{ mt: 1, ml: -1 }}
            >
              Edit photo
            </Button>
          </CardContent>
        </Box>
      </Card>

      {!photo.aspectRatio ? (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={`/admin/edit-photo/${photo.id}`} color="inherit" size="small">
              Edit Photo
            </Button>
          }
        >
          This photo has no aspect ratio. Edit the photo and set its aspect ratio first; only print options of
          the same aspect ratio can be assigned.
        </Alert>
      ) : catalogueQuery.isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : catalogueQuery.error && !catalogueQuery.data ? (
        <Alert severity="error">Failed to load print options. {errorMessage(catalogueQuery.error)}</Alert>
      ) : listed.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/admin/manage-item-options" color="inherit" size="small">
              Manage Options
            </Button>
          }
        >
          No print options exist for aspect ratio {photo.aspectRatio} yet. Add them in Sale Items, Manage
          Options.
        </Alert>
      ) : (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Print options for {photo.aspectRatio}
          </Typography>
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {listed.map((option) => (
              <OptionToggle
                key={option.id}
                photo={photo}
                option={option}
                added={assignedIds.has(option.id)}
                status={
                  assignedIds.has(option.id)
                    ? sizes?.sizes.find((s) => s.printOptionId === option.id)
                    : undefined
                }
              />
            ))}
          </Box>
        </>
      )}
    </SubPage>
  );
}
