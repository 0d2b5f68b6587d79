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

export const LAB_PRODUCT_FIELDS = ['productId', 'widthIn', 'heightIn', 'optionIds'] as const;
export type LabProductField = (typeof LAB_PRODUCT_FIELDS)[number];
export const LAB_PRODUCT_FIELD_IDS: Record<LabProductField, string> = {
  productId: 'lab-product-id',
  widthIn: 'lab-product-width',
  heightIn: 'lab-product-height',
  optionIds: 'lab-product-options',
};

type Product = LabCatalog['groups'][number]['products'][number];

function groupOfProduct(catalog: LabCatalog | undefined, productId: string) {
  return catalog?.groups.find((g) => g.products.some((p) => p.id === productId));
}

/**
 * The lab product being chosen in one lab's catalogue: its group, product, size and options, from
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
  const [groupId, setGroupId] = useState('');
  const [productId, setProductId] = useState(mapped?.productId ?? '');
  const [width, setWidth] = useState(mapped ? inchesText(mapped.widthIn) : (fromSize?.width ?? ''));
  const [height, setHeight] = useState(mapped ? inchesText(mapped.heightIn) : (fromSize?.height ?? ''));
  const [optionIds, setOptionIds] = useState<string[]>(mapped?.optionIds ?? []);

  // the group shown: the one picked, else the one holding the mapped product
  const group =
    catalog.data?.groups.find((g) => g.id === groupId) ??
    (groupId === '' ? groupOfProduct(catalog.data, productId) : undefined);
  const product: Product | undefined = group?.products.find((p) => p.id === productId);
  const groups = useGetLabOptionGroupsQuery({ provider, productId: product?.id ?? '' }, { skip: !product });
  const groupOf = useMemo(() => {
    const byOption = new Map<string, string>();
    for (const g of groups.data ?? []) for (const o of g.options) byOption.set(o.id, g.group);
    return byOption;
  }, [groups.data]);

  return {
    provider,
    catalog,
    groups,
    group,
    product,
    width,
    height,
    optionIds,
    setWidth,
    setHeight,
    chooseGroup: (id: string) => {
      setGroupId(id);
      setProductId('');
      setOptionIds([]);
    },
    chooseProduct: (id: string) => {
      setProductId(id);
      setOptionIds([]);
    },
    chooseOption: (group: string, optionId: string) =>
      setOptionIds((prev) => [
        ...prev.filter((id) => groupOf.get(id) !== group),
        ...(optionId === '' ? [] : [optionId]),
      ]),
    /** What the save sends: only the options of the chosen product's groups. */
    request: () => ({
      provider,
      // none chosen: the server says what to choose
      productId: product?.id ?? '',
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
  const { catalog, groups, group, product } = choice;
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
        value={group?.id ?? ''}
        onChange={(event) => {
          choice.chooseGroup(event.target.value);
          clear('productId', 'optionIds');
        }}
        disabled={busy}
      >
        {catalog.data.groups.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {g.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        id={LAB_PRODUCT_FIELD_IDS.productId}
        label="Lab product"
        value={product?.id ?? ''}
        onChange={(event) => {
          choice.chooseProduct(event.target.value);
          clear('productId', 'optionIds');
        }}
        disabled={busy || !group}
        error={Boolean(errors.productId)}
        helperText={
          errors.productId ??
          (product
            ? `Sizes from ${inchesText(product.minWidth)}×${inchesText(product.minHeight)} to ${inchesText(product.maxWidth)}×${inchesText(product.maxHeight)} in`
            : group
              ? undefined
              : 'Choose a category first.')
        }
      >
        {(group?.products ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
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
      {product && groups.isFetching && !groups.data && (
        <Skeleton variant="rounded" height={56} aria-label="Loading the product’s options" />
      )}
      {product && groups.isError && (
        <Alert severity="error">Failed to load the product’s options. {errorMessage(groups.error)}</Alert>
      )}
      {product &&
        (groups.data ?? []).map((g, index) => (
          <TextField
            select
            key={g.group}
            id={index === 0 ? LAB_PRODUCT_FIELD_IDS.optionIds : `lab-product-group-${index}`}
            label={g.group}
            value={g.options.find((o) => choice.optionIds.includes(o.id))?.id ?? ''}
            onChange={(event) => {
              choice.chooseOption(g.group, event.target.value);
              clear('optionIds');
            }}
            disabled={busy}
            error={Boolean(errors.optionIds) && index === 0}
            helperText={index === 0 ? errors.optionIds : undefined}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Not set</MenuItem>
            {g.options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
    </Stack>
  );
}
