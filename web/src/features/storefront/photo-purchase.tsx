import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import type { PhotoDetail, PrintOption } from '../../lib/api-types';
import { OFFLINE_MESSAGE } from '../../lib/api';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';
import { useOnline } from '../../components/use-online';
import { formatPrice } from '../../lib/format';
import { useAddToCart } from '../cart';

/** The photo page's print options: pick one, then add it to the cart. */
export function PhotoPurchase({ photo }: { photo: PhotoDetail }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { addToCart, isAdding } = useAddToCart();
  const online = useOnline();
  const options = photo.printOptions ?? [];
  const selected = options.find((option) => option.id === selectedId);
  return (
    <>
      <Divider sx={{ my: 4 }} />
      <Typography variant="h5" component="h2" id="print-options-heading" sx={{ mb: 2 }}>
        Print Options
      </Typography>
      {options.length === 0 ? (
        <Typography color="text.secondary">
          Prints of this photograph are not available yet. Please get in touch if you would like one.
        </Typography>
      ) : (
        <Box
          role="group"
          aria-labelledby="print-options-heading"
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: '1fr 1fr' },
          }}
        >
          {options.map((option) => (
            <PrintOptionCard
              key={option.id}
              option={option}
              selected={option.id === selectedId}
              onSelect={() => setSelectedId(option.id)}
            />
          ))}
        </Box>
      )}

      <ShippingNoticeBanner style={{ marginTop: 24 }} />

      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<ShoppingBagOutlinedIcon />}
        disabled={!selected || isAdding || !online}
        onClick={() => addToCart(photo.id, selected?.id)}
        aria-describedby={online ? undefined : 'add-to-cart-offline'}
        sx={{ mt: 3, py: 1.5 }}
      >
        Add to Cart
      </Button>
      {!online && (
        <Typography
          id="add-to-cart-offline"
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1.5, textAlign: 'center' }}
        >
          {OFFLINE_MESSAGE}
        </Typography>
      )}
      {online && selected && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center' }}>
          {`${selected.size} ${selected.format} · ${formatPrice(selected.price)} + ${formatPrice(selected.shipping)} shipping`}
        </Typography>
      )}
    </>
  );
}

function PrintOptionCard({
  option,
  selected,
  onSelect,
}: {
  option: PrintOption;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ButtonBase
      aria-pressed={selected}
      onClick={onSelect}
      sx={{
        display: 'block',
        textAlign: 'left',
        position: 'relative',
        p: 2,
        borderRadius: 1.5,
        border: '2px solid',
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(46, 75, 60, 0.07)' : 'background.paper',
        transition: 'border-color 150ms, background-color 150ms',
        '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
      }}
    >
      {selected && (
        <CheckCircleIcon
          aria-hidden
          fontSize="small"
          sx={{ position: 'absolute', top: 8, right: 8, color: 'primary.main' }}
        />
      )}
      <Typography sx={{ fontWeight: 700, pr: 3 }}>{option.size}</Typography>
      <Typography variant="body2" color="text.secondary">
        {option.format}
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 600, color: 'primary.main' }}>
        {formatPrice(option.price)}
      </Typography>
    </ButtonBase>
  );
}
