import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useToast } from '../../../components/toast';
import { useSite } from '../../../lib/site-context';
import { useAppDispatch } from '../../../lib/hooks';
import { adminApi, useGetAdminUserQuery, useLogoutMutation } from '../api';
import { useAdminSession } from '../auth/require-admin';

/** Top bar of the signed-in admin: site name, who is signed in, and Logout. */
export function AdminShell() {
  const navigate = useNavigate();
  const toast = useToast();
  const { siteName } = useSite();
  const { data: user } = useGetAdminUserQuery();
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const { markSignedOut } = useAdminSession();
  const dispatch = useAppDispatch();

  const onLogout = async () => {
    try {
      await logout().unwrap();
      markSignedOut();
      // Forget the signed-in answer so the sign-in page does not bounce back to the dashboard.
      dispatch(adminApi.util.upsertQueryData('getAdminUser', undefined, null));
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

  return (
    <>
      <AppBar position="sticky" color="primary" elevation={0}>
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 56, sm: 64 }, px: { xs: 2, sm: 3 } }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box
              component="p"
              sx={{
                m: 0,
                display: 'flex',
                alignItems: 'baseline',
                gap: 0.75,
                fontFamily: 'Georgia, serif',
                fontSize: { xs: '1.15rem', sm: '1.3rem' },
                lineHeight: 1.2,
              }}
            >
              <Link
                component={RouterLink}
                to="/admin/dashboard"
                color="inherit"
                underline="none"
                sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
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
              <Typography variant="caption" component="p" noWrap sx={{ opacity: 0.85, lineHeight: 1.3 }}>
                Logged in as {user.username}
              </Typography>
            )}
          </Box>
          <Button
            component={RouterLink}
            to="/"
            color="inherit"
            size="small"
            endIcon={<OpenInNewIcon fontSize="small" />}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            View site
          </Button>
          {/* The job queues (BullMQ's dashboard, served by the API behind the admin session). */}
          <Button
            component="a"
            href="/api/admin/queues"
            target="_blank"
            rel="noopener"
            color="inherit"
            size="small"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Jobs
          </Button>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            startIcon={<LogoutIcon fontSize="small" />}
            onClick={() => void onLogout()}
            disabled={loggingOut}
            sx={{
              flexShrink: 0,
              borderColor: 'rgba(255,255,255,0.5)',
              '&.Mui-disabled': { color: 'rgba(255,255,255,0.6)' },
            }}
          >
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="div" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Outlet />
      </Box>
    </>
  );
}
