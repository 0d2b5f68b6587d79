import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ADMIN_TABS, tabOfPath } from './admin-tabs';
import { CenteredSpinner } from '../shared/centered-spinner';
import { useSelectedTabInView } from './use-selected-tab-in-view';

/** The eight tabs; each tab is its own route so it can be linked and reloaded. */
export function AdminTabsLayout() {
  const { pathname } = useLocation();
  const current = tabOfPath(pathname) ?? false;
  const label = ADMIN_TABS.find((tab) => tab.value === current)?.label ?? 'Dashboard';
  const tabsRef = useSelectedTabInView<HTMLDivElement>(current);

  return (
    <>
      <title>{`${label} | Admin`}</title>
      <Paper
        square
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          // right under the admin bar (its height, measured by the shell: a long name wraps)
          top: { xs: 'var(--admin-bar-height, 56px)', sm: 'var(--admin-bar-height, 64px)' },
          zIndex: 2,
        }}
      >
        <Container maxWidth="xl" disableGutters>
          <Tabs
            ref={tabsRef}
            value={current}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Admin sections"
          >
            {ADMIN_TABS.map((tab) => (
              <Tab
                key={tab.value}
                value={tab.value}
                label={tab.label}
                component={RouterLink}
                to={`/admin/${tab.value}`}
                sx={{ minHeight: 52, px: { xs: 1.5, sm: 2.5 } }}
              />
            ))}
          </Tabs>
        </Container>
      </Paper>
      <Container maxWidth="xl" sx={{ py: { xs: 2.5, sm: 4 }, px: { xs: 2, sm: 3 } }}>
        <Box role="tabpanel" aria-label={label}>
          <Suspense fallback={<CenteredSpinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </Box>
      </Container>
    </>
  );
}
