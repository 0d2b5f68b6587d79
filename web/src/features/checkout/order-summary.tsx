import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { CartLicenceLine } from '@contract';
import { giftCardsOf, maskedCard, sendsText, type CartGiftCardLine } from '../../lib/gift-cards';
import { useSite } from '../../lib/site-context';
import type { GiftCardFigures } from './gift-card-money';
import type { Cart, CartLine } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { TotalRow } from '../../components/total-line';
import { formatPrice } from '../../lib/format';
import { cartCountLabel } from '../cart';
import type { SummaryMoney } from './checkout-money';

const THUMB_PX = 64;

/**
 * The 'Order Summary' card: lines, the promotion code, then Subtotal, Discount, Shipping, Tax (not
 * in a shop that collects none) and Total as the server computed them (`money`). On a phone it sits above the form with its lines
 * collapsed behind a toggle (the code and the figures stay visible); from the md breakpoint up it
 * is always open.
 */
export function OrderSummary({
  cart,
  money,
  promotion,
  giftCardCodes = null,
  giftCards = null,
}: {
  cart: Cart;
  money: SummaryMoney;
  promotion: ReactNode;
  /** The "Gift card" section (issue 47): codes applied and the field to add one. */
  giftCardCodes?: ReactNode;
  /** What the applied gift cards pay, and the amount due (null: none applied). */
  giftCards?: GiftCardFigures | null;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [expanded, setExpanded] = useState(false);
  const open = wide || expanded;
  // the items, as the cart badge counts them (and the prints, where quantities make them more)
  const countLabel = cartCountLabel(cart);

  return (
    <Paper
      component="section"
      aria-labelledby="order-summary-heading"
      elevation={0}
      sx={{ borderRadius: 2, border: '1px solid', borderColor: 'divider', overflow: 'hidden' }}
    >
      <Box sx={{ px: { xs: 2.5, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography id="order-summary-heading" variant="h5" component="h2">
            Order Summary
          </Typography>
          {!wide && (
            <ButtonBase
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              aria-controls="order-summary-details"
              sx={{
                gap: 0.5,
                px: 1,
                py: 0.5,
                borderRadius: 1,
                color: 'primary.main',
                fontWeight: 600,
                fontSize: '0.9rem',
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.light' },
              }}
            >
              {expanded ? `Hide ${countLabel}` : `Show ${countLabel}`}
              <ExpandMoreIcon
                fontSize="small"
                aria-hidden
                sx={{ transition: 'transform 200ms', transform: expanded ? 'rotate(180deg)' : 'none' }}
              />
            </ButtonBase>
          )}
        </Stack>
      </Box>

      <Collapse in={open} id="order-summary-details" timeout={wide ? 0 : 'auto'}>
        <Box sx={{ px: { xs: 2.5, sm: 3 } }}>
          <Box component="ul" aria-label="Items in your order" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
            {cart.items.map((line) => (
              <SummaryLine key={line.id} line={line} />
            ))}
            {(cart.licences ?? []).map((line) => (
              <LicenceSummaryLine key={line.id} line={line} />
            ))}
            {giftCardsOf(cart).map((line) => (
              <GiftCardSummaryLine key={line.id} line={line} />
            ))}
          </Box>
          <Divider sx={{ mt: 1 }} />
        </Box>
      </Collapse>

      <Box sx={{ px: { xs: 2.5, sm: 3 }, pt: 1.5, pb: { xs: 2.5, sm: 3 } }}>
        {promotion}
        {giftCardCodes}
        <Divider sx={{ mt: 1.5, mb: 2 }} />
        <Stack
          spacing={0.75}
          aria-busy={money.busy}
          sx={{ opacity: money.busy ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <TotalRow label="Subtotal" amount={money.subtotal} />
          {money.promotion && (
            <FigureRow label={`Discount (${money.promotion.code})`} value={formatPrice(-money.discount)} />
          )}
          <TotalRow label="Shipping" amount={money.shipping} />
          {!money.taxShown ? null : money.tax === null ? (
            <FigureRow label={money.taxLabel} value={money.taxNote ?? ''} note />
          ) : (
            <FigureRow label={money.taxLabel} value={formatPrice(money.tax)} />
          )}
          <Divider sx={{ my: 0.75 }} />
          <TotalRow label="Total" amount={money.total} strong={!giftCards} />
          {giftCards && (
            <>
              {giftCards.giftCards.map((card) => (
                <FigureRow
                  key={card.last4}
                  label={`Gift card ${maskedCard(card.last4)}`}
                  value={formatPrice(-card.amount)}
                />
              ))}
              <Divider sx={{ my: 0.75 }} />
              <TotalRow label="Amount due" amount={giftCards.amountDue} strong />
            </>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * A figure of the totals as TotalRow shows one, for a text value: a discount ('−$5.00') or the
 * tax's note ('Calculated from your address'); a long code in the label wraps anywhere.
 */
function FigureRow({ label, value, note = false }: { label: string; value: string; note?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography sx={{ lineHeight: 1.7, minWidth: 0, overflowWrap: 'anywhere' }}>{label}</Typography>
      <Typography
        color={note ? 'text.secondary' : undefined}
        sx={{
          lineHeight: 1.7,
          textAlign: 'right',
          flexShrink: note ? 1 : 0,
          whiteSpace: note ? 'normal' : 'nowrap',
          ...(note ? { fontSize: '0.875rem' } : {}),
        }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** A licence of a file (issue 46): "Editorial licence", "Web, 2048 px", its price; no quantity, no shipping. */
function LicenceSummaryLine({ line }: { line: CartLicenceLine }) {
  return (
    <LineRow photo={line.photo} title={line.photo.title} amount={line.price}>
      <Typography variant="body2" color="text.secondary">{`${line.licence.name} licence`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {line.size.label}
      </Typography>
    </LineRow>
  );
}

/** A gift card for someone (issue 47): "Gift card $50 for Ann Lee", when it is sent; no shipping. */
function GiftCardSummaryLine({ line }: { line: CartGiftCardLine }) {
  const { timeZone } = useSite();
  const title = `Gift card ${formatPrice(line.amount).replace(/\.00$/, '')} for ${line.recipientName}`;
  return (
    <LineRow photo={line.photo} title={title} amount={line.amount}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {line.recipientEmail}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {sendsText(line.sendAt, timeZone)}
      </Typography>
    </LineRow>
  );
}

function SummaryLine({ line }: { line: CartLine }) {
  const title = line.photo?.title ?? 'Print';
  const price = line.printOption?.price ?? 0;
  return (
    <LineRow photo={line.photo} title={title} amount={price * line.quantity}>
      <Typography variant="body2" color="text.secondary">
        {`Size: ${line.printOption?.size ?? '-'}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`Format: ${line.printOption?.format ?? '-'}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {line.quantity > 1 ? `Qty: ${line.quantity} × ${formatPrice(price)}` : `Qty: ${line.quantity}`}
      </Typography>
    </LineRow>
  );
}

function LineRow({
  photo,
  title,
  amount,
  children,
}: {
  photo: CartLine['photo'];
  title: string;
  amount: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: `${THUMB_PX}px minmax(0, 1fr) auto`,
        gap: 2,
        alignItems: 'start',
        py: 1.5,
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 'none' },
      }}
    >
      <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
        <ResponsiveImage photo={photo} alt={title} ratio={1} renderedWidth={THUMB_PX} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' }}>{title}</Typography>
        {children}
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{formatPrice(amount)}</Typography>
    </Box>
  );
}
