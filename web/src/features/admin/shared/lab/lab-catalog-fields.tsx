import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../../lib/api';
import { FormTextField } from '../form-field';
import {
  useGetLabCatalogQuery,
  useGetLabOptionGroupsQuery,
  type LabCatalog,
  type LabProductView,
  type LabProviderId,
} from './api';
import { inchesText, sizeInches } from './lab-model';

export const LAB_PRODUCT_FIELDS = ['subcategoryId', 'widthIn', 'heightIn', 'optionIds'] as const;
export type LabProductField = (typeof LAB_PRODUCT_FIELDS)[number];
export const LAB_PRODUCT_FIELD_IDS: Record<LabProductField, string> = {
  subcategoryId: 'lab-product-subcategory',
  widthIn: 'lab-product-width',
  heightIn: 'lab-product-height',
  optionIds: 'lab-product-options',
};

type Subcategory = LabCatalog['categories'][number]['subcategories'][number];

function categoryOf(catalog: LabCatalog | undefined, subcategoryId: number | undefined) {
  return catalog?.categories.find((c) => c.subcategories.some((s) => s.subcategoryId === subcategoryId));
}

/**
 * The lab product being chosen in one lab's catalogue: category, product, size and options, from
 * the print option's current mapping when it is this lab's, else from the option's size.
 */
export function useLabCatalogChoice(
  provider: LabProviderId,
  current: LabProductView | undefined,
  size: string,
) {
  const mapped = current?.provider === provider ? current : undefined;
  const fromSize = sizeInches(size);
  const catalog = useGetLabCatalogQuery(provider, { refetchOnMountOrArgChange: 600 });
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [subcategoryId, setSubcategoryId] = useState<number | ''>(mapped?.subcategoryId ?? '');
  const [width, setWidth] = useState(mapped ? inchesText(mapped.widthIn) : (fromSize?.width ?? ''));
  const [height, setHeight] = useState(mapped ? inchesText(mapped.heightIn) : (fromSize?.height ?? ''));
  const [optionIds, setOptionIds] = useState<number[]>(mapped?.optionIds ?? []);

  // the category shown: the one picked, else the one holding the mapped product
  const category =
    catalog.data?.categories.find((c) => c.id === categoryId) ??
    (categoryId === '' ? categoryOf(catalog.data, subcategoryId || undefined) : undefined);
  const subcategory: Subcategory | undefined = category?.subcategories.find(
    (s) => s.subcategoryId === subcategoryId,
  );
  const groups = useGetLabOptionGroupsQuery(
    { provider, subcategoryId: subcategory?.subcategoryId ?? 0 },
    { skip: !subcategory },
  );
  const groupOf = useMemo(() => {
    const byOption = new Map<number, string>();
    for (const g of groups.data ?? []) for (const o of g.options) byOption.set(o.optionId, g.group);
    return byOption;
  }, [groups.data]);

  return {
    provider,
    catalog,
    groups,
    category,
    subcategory,
    width,
    height,
    optionIds,
    setWidth,
    setHeight,
    chooseCategory: (id: number) => {
      setCategoryId(id);
      setSubcategoryId('');
      setOptionIds([]);
    },
    chooseSubcategory: (id: number) => {
      setSubcategoryId(id);
      setOptionIds([]);
    },
    chooseOption: (group: string, optionId: number | '') =>
      setOptionIds((prev) => [
        ...prev.filter((id) => groupOf.get(id) !== group),
        ...(optionId === '' ? [] : [optionId]),
      ]),
    /** What the save sends: only the options of the chosen product's groups. */
    request: () => ({
      provider,
      // none chosen: the server says what to choose
      subcategoryId: subcategory?.subcategoryId ?? 0,
      widthIn: width.trim(),
      heightIn: height.trim(),
      optionIds: optionIds.filter((id) => groupOf.has(id)),
    }),
  };
}
export type LabCatalogChoice = ReturnType<typeof useLabCatalogChoice>;

type FieldsProps = {
  choice: LabCatalogChoice;
  labName: string;
  errors: Partial<Record<LabProductField, string>>;
  clear: (...fields: LabProductField[]) => void;
  busy: boolean;
};

const inches = {
  input: { endAdornment: <InputAdornment position="end">in</InputAdornment> },
  htmlInput: { inputMode: 'decimal' },
} as const;

/** The chosen lab's catalogue as fields: category, product, width and height, its option groups. */
export function LabCatalogFields({ choice, labName, errors, clear, busy }: FieldsProps) {
  const { catalog, groups, category, subcategory } = choice;
  if (catalog.isLoading)
    return (
      <Stack spacing={2} aria-busy="true" aria-label={`Loading ${labName}’s products`}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  if (!catalog.data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void catalog.refetch()}>
            Try Again
          </Button>
        }
      >
        {errorMessage(catalog.error)}{' '}
        <Link component={RouterLink} to="/admin/orders/print-lab" color="inherit" underline="always">
          Print Lab settings
        </Link>
      </Alert>
    );
  return (
    <Stack spacing={2.5}>
      <TextField
        select
        id="lab-product-category"
        label="Category"
        value={category?.id ?? ''}
        onChange={(event) => {
          choice.chooseCategory(Number(event.target.value));
          clear('subcategoryId', 'optionIds');
        }}
        disabled={busy}
      >
        {catalog.data.categories.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        id={LAB_PRODUCT_FIELD_IDS.subcategoryId}
        label="Lab product"
        value={subcategory?.subcategoryId ?? ''}
        onChange={(event) => {
          choice.chooseSubcategory(Number(event.target.value));
          clear('subcategoryId', 'optionIds');
        }}
        disabled={busy || !category}
        error={Boolean(errors.subcategoryId)}
        helperText={
          errors.subcategoryId ??
          (subcategory
            ? `Sizes from ${inchesText(subcategory.minWidth)}×${inchesText(subcategory.minHeight)} to ${inchesText(subcategory.maxWidth)}×${inchesText(subcategory.maxHeight)} in`
            : category
              ? undefined
              : 'Choose a category first.')
        }
      >
        {(category?.subcategories ?? []).map((s) => (
          <MenuItem key={s.subcategoryId} value={s.subcategoryId}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
        <FormTextField
          id={LAB_PRODUCT_FIELD_IDS.widthIn}
          label="Width"
          value={choice.width}
          onValueChange={(v) => {
            choice.setWidth(v);
            clear('widthIn');
          }}
          error={errors.widthIn}
          disabled={busy}
          required
          slotProps={inches}
        />
        <FormTextField
          id={LAB_PRODUCT_FIELD_IDS.heightIn}
          label="Height"
          value={choice.height}
          onValueChange={(v) => {
            choice.setHeight(v);
            clear('heightIn');
          }}
          error={errors.heightIn}
          disabled={busy}
          required
          slotProps={inches}
        />
      </Box>
      {subcategory && groups.isFetching && !groups.data && (
        <Skeleton variant="rounded" height={56} aria-label="Loading the product’s options" />
      )}
      {subcategory && groups.isError && (
        <Alert severity="error">Failed to load the product’s options. {errorMessage(groups.error)}</Alert>
      )}
      {subcategory &&
        (groups.data ?? []).map((g, index) => (
          <TextField
            select
            key={g.group}
            id={index === 0 ? LAB_PRODUCT_FIELD_IDS.optionIds : `lab-product-group-${index}`}
            label={g.group}
            value={g.options.find((o) => choice.optionIds.includes(o.optionId))?.optionId ?? ''}
            onChange={(event) => {
              choice.chooseOption(g.group, event.target.value === '' ? '' : Number(event.target.value));
              clear('optionIds');
            }}
            disabled={busy}
            error={Boolean(errors.optionIds) && index === 0}
            helperText={index === 0 ? errors.optionIds : undefined}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Not set</MenuItem>
            {g.options.map((o) => (
              <MenuItem key={o.optionId} value={o.optionId}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
    </Stack>
  );
}
