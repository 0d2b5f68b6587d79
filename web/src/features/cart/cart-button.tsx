import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../components/toast';
import { useGetCartQuery } from './api';
import { openCart } from './cart-ui-slice';

/**
 * Header button that opens the cart panel; its badge counts the cart lines. It also owns the
 * cart's first load (loaded from the server at start) and reports its failure.
 */
export function CartButton({ sx }: { sx?: SxProps<Theme> }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { data: cart, isError } = useGetCartQuery();
  const count = cart?.count ?? 0;

  const reported = useRef(false);
  useEffect(() => {
    if (isError && !reported.current) {
      toast({
        title: 'Error',
        description: 'Failed to load your cart. Please try again.',
        variant: 'destructive',
      });
    }
    reported.current = isError;
  }, [isError, toast]);

  return (
    <IconButton
      aria-label={count > 0 ? `Open cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Open cart'}
      onClick={() => dispatch(openCart())}
      color="inherit"
      sx={sx}
    >
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <ShoppingBagOutlinedIcon />
        {count > 0 && (
          // A plain span instead of MUI Badge keeps the header's JS small.
          <Box
            component="span"
            aria-hidden
            data-testid="cart-count"
            sx={{
              position: 'absolute',
              top: -6,
              right: -9,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 999,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {count > 99 ? '99+' : count}
          </Box>
        )}
      </Box>
    </IconButton>
  );
}
