import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useToast } from '../../../components/toast';
import { useSite } from '../../../lib/site-context';
import { useAppDispatch } from '../../../lib/hooks';
import { sharedAdminApi, useGetAdminUserQuery, useLogoutMutation } from '../shared/api';
import { useAdminSession } from '../shared/session';
import { unreadPolling, useGetUnreadMessageCountQuery } from './api';
import { isAdminRoute, JOBS_LINK, MESSAGES_PATH, VIEW_SITE_PATH } from './admin-links';
import { ADMIN_TABS, tabOfPath } from './admin-tabs';
import { MailBanner } from './mail-banner';
import { PaymentsBanner } from './payments-banner';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The unread count on the Messages link: a number she sees, "3 unread" for a screen reader. */
function UnreadBadge({ count, children }: { count: number; children: ReactNode }) {
  // no badge at all at zero: a hidden MUI badge keeps its last number in the page, and a screen
  // reader would still read "1 unread"
  if (count === 0) return children;
  return (
    <Badge
      color="secondary"
      max={99}
      badgeContent={
        <>
          {count > 99 ? '99+' : count}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            unread
          </Box>
        </>
      }
      data-testid="unread-badge"
    >
      {children}
    </Badge>
  );
}

/** An element's rendered height, kept current as it changes (a long shop name wraps on a phone). */
function useHeightOf(el: HTMLElement | null): number {
  const [px, setPx] = useState(0);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setPx(Math.round(el.getBoundingClientRect().height)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return px;
}

/** Link props for a target that may be an admin route or a server page (opened in a new tab). */
const linkTo = (href: string) =>
  isAdminRoute(href)
    ? ({ component: RouterLink, to: href } as const)
    : ({ component: 'a', href, target: '_blank', rel: 'noopener' } as const);

/**
 * Top bar of the signed-in admin: site name, who is signed in, Messages with the unread count,
 * View site, Jobs and Logout; on a phone the sections are in a menu, so every one is a tap away.
 */
export function AdminShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const { siteName } = useSite();
  const { data: user } = useGetAdminUserQuery();
  const { data: unreadData } = useGetUnreadMessageCountQuery(undefined, unreadPolling);
  const unread = unreadData?.unread ?? 0;
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const { markSignedOut } = useAdminSession();
  const dispatch = useAppDispatch();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  const currentTab = tabOfPath(pathname);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const barHeight = useHeightOf(bar);

  const onLogout = async () => {
    closeMenu();
    try {
      await logout().unwrap();
      markSignedOut();
      // Forget the signed-in answer so the sign-in page does not bounce back to the dashboard.
      dispatch(sharedAdminApi.util.upsertQueryData('getAdminUser', undefined, null));
      toast({ title: 'Logged out' });
      navigate('/admin/login', { replace: true });
    } catch {
      toast({
        title: 'Logout failed',
        description: 'There was a problem logging out. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const wideOnly = { display: { xs: 'none', sm: 'inline-flex' } } as const;
  const phoneOnly = { display: { xs: 'inline-flex', sm: 'none' } } as const;

  return (
    <>
      <AppBar ref={setBar} position="sticky" color="primary" elevation={0}>
        <Toolbar
          sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 56, sm: 64 }, px: { xs: 1.5, sm: 3 }, py: 0.5 }}
        >
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box
              component="p"
              sx={{
                m: 0,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                columnGap: 0.75,
                fontFamily: 'Georgia, serif',
                fontSize: { xs: '1.05rem', sm: '1.3rem' },
                lineHeight: 1.2,
              }}
            >
              {/* the whole name, wrapped over lines when it is long: never cut */}
              <Link
                component={RouterLink}
                to="/admin/dashboard"
                color="inherit"
                underline="none"
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {siteName}
              </Link>
              <Box
                component="span"
                sx={{ flexShrink: 0, opacity: 0.8, fontFamily: 'system-ui, sans-serif', fontSize: '0.85em' }}
              >
                Admin
              </Box>
            </Box>
            {user && (
              <Typography
                variant="caption"
                component="p"
                sx={{ opacity: 0.85, lineHeight: 1.3, overflowWrap: 'anywhere' }}
              >
                Logged in as {user.username}
              </Typography>
            )}
          </Box>
          <Button
            component={RouterLink}
            to={MESSAGES_PATH}
            aria-current={pathname === MESSAGES_PATH ? 'page' : undefined}
            color="inherit"
            size="small"
            sx={{
              ...wideOnly,
              '&[aria-current="page"]': { textDecoration: 'underline', textUnderlineOffset: 6 },
            }}
          >
            <UnreadBadge count={unread}>
              <Box component="span" sx={{ pr: unread ? 1.5 : 0 }}>
                Messages
              </Box>
            </UnreadBadge>
          </Button>
          <IconButton component={RouterLink} to={MESSAGES_PATH} color="inherit" sx={phoneOnly}>
            <UnreadBadge count={unread}>
              <MailOutlineIcon />
            </UnreadBadge>
            <Box component="span" sx={visuallyHidden}>
              Messages
            </Box>
          </IconButton>
          <Button
            component={RouterLink}
            to={VIEW_SITE_PATH}
            color="inherit"
            size="small"
            endIcon={<OpenInNewIcon fontSize="small" />}
            sx={wideOnly}
          >
            View site
          </Button>
          {/* The job queues (BullMQ's dashboard, behind the admin session). */}
          <Button {...linkTo(JOBS_LINK)} color="inherit" size="small" sx={wideOnly}>
            Jobs
          </Button>
          <IconButton
            color="inherit"
            aria-label="Menu"
            aria-haspopup="menu"
            aria-controls={menuAnchor ? 'admin-menu' : undefined}
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
            sx={phoneOnly}
          >
            <MenuIcon />
          </IconButton>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            startIcon={<LogoutIcon fontSize="small" />}
            onClick={() => void onLogout()}
            disabled={loggingOut}
            sx={{
              flexShrink: 0,
              px: { xs: 1.25, sm: 2 },
              borderColor: 'rgba(255,255,255,0.5)',
              '&.Mui-disabled': { color: 'rgba(255,255,255,0.6)' },
              '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
            }}
          >
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Menu
        id="admin-menu"
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={closeMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Admin sections' }, paper: { sx: { minWidth: 220 } } }}
      >
        {ADMIN_TABS.map((tab) => (
          <MenuItem
            key={tab.value}
            component={RouterLink}
            to={`/admin/${tab.value}`}
            selected={currentTab === tab.value}
            aria-current={currentTab === tab.value ? 'page' : undefined}
            onClick={closeMenu}
          >
            {tab.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          component={RouterLink}
          to={MESSAGES_PATH}
          selected={pathname === MESSAGES_PATH}
          aria-current={pathname === MESSAGES_PATH ? 'page' : undefined}
          onClick={closeMenu}
        >
          <ListItemIcon>
            <MailOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Messages</ListItemText>
          {unread > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ ml: 2 }}>
              {unread} unread
            </Typography>
          )}
        </MenuItem>
        <MenuItem {...linkTo(JOBS_LINK)} onClick={closeMenu}>
          Jobs
        </MenuItem>
        <MenuItem component={RouterLink} to={VIEW_SITE_PATH} onClick={closeMenu}>
          View site
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void onLogout()} disabled={loggingOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <PaymentsBanner />
      <MailBanner />
      {/* the sticky tab bar sits right under the admin bar, however many lines the name takes */}
      <Box
        component="div"
        style={barHeight ? ({ '--admin-bar-height': `${barHeight}px` } as CSSProperties) : undefined}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}
      >
        <Outlet />
      </Box>
    </>
  );
}
