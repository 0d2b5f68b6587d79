import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LocalPrintshopOutlinedIcon from '@mui/icons-material/LocalPrintshopOutlined';
import type { PrintOption } from '../../../lib/api-types';
import { formatPrice } from '../../../lib/format';
import { useUpdatePrintOptionMutation } from './api';
import { useSessionExpiryCheck } from '../shared/session';
import { PrintOptionFieldset } from './print-option-fieldset';
import {
  draftOf,
  fieldsOfDraft,
  validateDraft,
  type PrintOptionDraft,
  type PrintOptionErrors,
} from './print-option-model';
import { useActionToast } from '../shared/action-toast';

type PrintOptionCardProps = {
  option: PrintOption;
  onDelete: (option: PrintOption) => void;
  deleting: boolean;
  /** Who makes it: the print lab (its name), the owner (null), or not known yet (undefined). */
  madeBy: string | null | undefined;
  /** Opens the print lab dialog for this option. */
  onPrintLab: (option: PrintOption) => void;
};

/** One catalogue entry: shown, or edited in place. */
export function PrintOptionCard({ option, onDelete, deleting, madeBy, onPrintLab }: PrintOptionCardProps) {
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  const [updatePrintOption, { isLoading: saving }] = useUpdatePrintOptionMutation();
  const [draft, setDraft] = useState<PrintOptionDraft | null>(null);
  const [errors, setErrors] = useState<PrintOptionErrors>({});
  const label = `${option.size}, ${option.format}`;

  const onSave = async () => {
    if (!draft) return;
    const found = validateDraft(draft, false);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const updated = await withToast(
      () => updatePrintOption({ id: option.id, ...fieldsOfDraft(draft) }).unwrap(),
      {
        done: { title: 'Success', description: 'Item option updated.' },
        failure: 'update item option',
        onError: checkSession,
      },
    );
    if (updated) setDraft(null);
  };

  return (
    <Card component="article" aria-label={label} sx={{ height: '100%' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        {draft ? (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void onSave();
            }}
          >
            <Typography variant="overline" color="text.secondary" component="p">
              Editing · {option.aspectRatio}
            </Typography>
            <PrintOptionFieldset
              idPrefix={`print-option-${option.id}`}
              draft={draft}
              errors={errors}
              onChange={(patch) => setDraft((prev) => (prev ? { ...prev, ...patch } : prev))}
              disabled={saving}
            />
            <Box
              sx={{
                display: 'flex',
                gap: 1,
                mt: 2,
                flexDirection: { xs: 'column-reverse', sm: 'row' },
                justifyContent: 'flex-end',
              }}
            >
              <Button
                onClick={() => {
                  setDraft(null);
                  setErrors({});
                }}
                disabled={saving}
              >
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </Box>
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {option.size}
                </Typography>
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {option.format}
                </Typography>
                <Typography sx={{ mt: 1, fontWeight: 600 }}>
                  {formatPrice(option.price)}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    + {formatPrice(option.shipping)} shipping
                  </Typography>
                </Typography>
              </Box>
              <Tooltip title="Edit">
                <IconButton
                  aria-label={`Edit ${label}`}
                  onClick={() => setDraft(draftOf(option))}
                  disabled={deleting}
                >
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton
                  aria-label={`Delete ${label}`}
                  onClick={() => onDelete(option)}
                  disabled={deleting}
                  color="error"
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                mt: 1.5,
              }}
            >
              {madeBy ? (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  icon={<LocalPrintshopOutlinedIcon />}
                  label={`Made by ${madeBy}`}
                />
              ) : madeBy === null ? (
                <Typography variant="body2" color="text.secondary">
                  You ship it
                </Typography>
              ) : (
                <span />
              )}
              <Button
                size="small"
                variant="outlined"
                onClick={() => onPrintLab(option)}
                disabled={deleting}
                aria-label={`Print lab: ${label}`}
              >
                Print lab
              </Button>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
