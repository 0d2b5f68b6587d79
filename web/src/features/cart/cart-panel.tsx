import { useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import type { CartLine } from '../../lib/api-types';
import { cartErrorToast } from './cart-error-toast';
import { useAppDispatch } from '../../lib/hooks';
import { ResponsiveImage } from '../../components/responsive-image';
import { TotalRow } from '../../components/total-line';
import { useToast } from '../../components/toast';
import { formatPrice, joinParts } from '../../lib/format';
import { useGetCartQuery, useRemoveCartItemMutation, useUpdateCartItemMutation } from './api';
import { closeCart, selectCartOpen } from './cart-ui-slice';

const MAX_QUANTITY = 99;

/** The side panel listing the cart; loaded lazily by <CartPanelHost> the first time it opens. */
export default function CartPanel() {
  const open = useSelector(selectCartOpen);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: cart, isLoading } = useGetCartQuery();

  const close = () => dispatch(closeCart());
  const go = (path: string) => {
    close();
    navigate(path);
  };

  const items = cart?.items ?? [];

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{
        paper: {
          component: 'aside',
          'aria-labelledby': 'cart-panel-title',
          sx: { width: { xs: '100%', sm: '24rem' }, maxWidth: '100vw', bgcolor: 'background.default' },
        },
      }}
    >
      <Stack sx={{ height: '100%' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}>
          <Typography id="cart-panel-title" variant="h5" component="h2">
            Your Cart
          </Typography>
          <IconButton aria-label="Close cart" onClick={close} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        <Divider />

        {isLoading ? (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Loading cart" />
          </Box>
        ) : items.length === 0 ? (
          <Stack
            spacing={2}
            sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', px: 4, textAlign: 'center' }}
          >
            <ShoppingBagOutlinedIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
            <Typography variant="h6" component="p">
              Your cart is empty
            </Typography>
            <Button variant="contained" onClick={() => go('/portfolio')}>
              Browse Gallery
            </Button>
          </Stack>
        ) : (
          <>
            <Box component="ul" sx={{ flex: 1, overflowY: 'auto', listStyle: 'none', m: 0, px: 3, py: 1 }}>
              {items.map((line) => (
                <CartLineItem key={line.id} line={line} onNavigate={close} />
              ))}
            </Box>
            <Divider />
            <Box sx={{ px: 3, py: 2.5 }}>
              <Stack spacing={0.75}>
                <TotalRow label="Subtotal" amount={cart?.subtotal ?? 0} />
                <TotalRow label="Shipping" amount={cart?.shipping ?? 0} />
                <Divider sx={{ my: 0.75 }} />
                <TotalRow label="Total" amount={cart?.total ?? 0} strong />
              </Stack>
              <Stack spacing={1.25} sx={{ mt: 2.5 }}>
                <Button variant="contained" size="large" fullWidth onClick={() => go('/checkout')}>
                  Proceed to Checkout
                </Button>
                <Button variant="outlined" size="large" fullWidth onClick={close}>
                  Continue Shopping
                </Button>
              </Stack>
            </Box>
          </>
        )}
      </Stack>
    </Drawer>
  );
}

function CartLineItem({ line, onNavigate }: { line: CartLine; onNavigate: () => void }) {
  const toast = useToast();
  const [updateQuantity, { isLoading: updating }] = useUpdateCartItemMutation();
  const [removeItem, { isLoading: removing }] = useRemoveCartItemMutation();
  const busy = updating || removing;
  const title = line.photo?.title ?? 'Print';

  const setQuantity = async (quantity: number) => {
    try {
      await updateQuantity({ id: line.id, quantity }).unwrap();
    } catch (err) {
      console.error('Cart quantity update failed', err);
      toast(cartErrorToast(err, 'Failed to update quantity. Please try again.'));
    }
  };

  const remove = async () => {
    try {
      await removeItem(line.id).unwrap();
      toast({ title: 'Item removed', description: 'The item has been removed from your cart.' });
    } catch (err) {
      console.error('Cart remove failed', err);
      toast(cartErrorToast(err, 'Failed to remove the item from your cart. Please try again.'));
    }
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '76px 1fr auto',
        gap: 2,
        py: 2,
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 'none' },
        opacity: busy ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <Box sx={{ borderRadius: 1, overflow: 'hidden', alignSelf: 'start' }}>
        <ResponsiveImage photo={line.photo} alt={title} ratio={1} renderedWidth={76} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/photo/${line.photoId}`}
          onClick={onNavigate}
          color="inherit"
          sx={{
            fontWeight: 600,
            display: 'block',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {joinParts(line.printOption?.size, line.printOption?.format)}
        </Typography>
        <Stack
          direction="row"
          role="group"
          aria-label={`Quantity of ${title}`}
          sx={{
            alignItems: 'center',
            mt: 1,
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 999,
            width: 'fit-content',
          }}
        >
          <IconButton
            size="small"
            aria-label={`Decrease quantity of ${title}`}
            disabled={busy || line.quantity <= 1}
            onClick={() => setQuantity(line.quantity - 1)}
          >
            <RemoveIcon fontSize="small" />
          </IconButton>
          <Typography
            component="span"
            aria-live="polite"
            sx={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }}
          >
            {line.quantity}
          </Typography>
          <IconButton
            size="small"
            aria-label={`Increase quantity of ${title}`}
            disabled={busy || line.quantity >= MAX_QUANTITY}
            onClick={() => setQuantity(line.quantity + 1)}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Box>
      <Stack sx={{ alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600 }}>{formatPrice(line.printOption?.price ?? 0)}</Typography>
        <IconButton aria-label={`Remove ${title} from cart`} onClick={remove} disabled={busy} edge="end">
          <DeleteOutlineIcon />
        </IconButton>
      </Stack>
    </Box>
  );
}
