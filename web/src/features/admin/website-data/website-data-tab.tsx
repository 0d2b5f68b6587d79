import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CategoriesPanel } from './categories-panel';
import { LogoPanel } from './logo-panel';
import { RightsPanel } from './rights-panel';
import { SensitiveSpeciesCard } from './sensitive-species-card';
import { WallRoomsCard } from './wall-rooms-card';

type Section = 'categories' | 'logo' | 'rights';

const PANELS: Record<Section, () => React.JSX.Element> = {
  categories: CategoriesPanel,
  logo: LogoPanel,
  rights: RightsPanel,
};

export default function WebsiteDataTab() {
  const [section, setSection] = useState<Section>('categories');
  const Panel = PANELS[section];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          Website Data
        </Typography>
        <Typography color="text.secondary">
          Portfolio categories, the site logo, your rights in every file, the species whose place is protected
          and your rooms for &ldquo;See it on a wall&rdquo;.
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={section}
          onChange={(_event, value: Section) => setSection(value)}
          variant="fullWidth"
          aria-label="Website data sections"
          sx={{ borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 560 } }}
        >
          <Tab
            label="Categories"
            value="categories"
            id="website-data-tab-categories"
            aria-controls="website-data-panel-categories"
          />
          <Tab
            label="Site Logo"
            value="logo"
            id="website-data-tab-logo"
            aria-controls="website-data-panel-logo"
          />
          <Tab
            label="Rights"
            value="rights"
            id="website-data-tab-rights"
            aria-controls="website-data-panel-rights"
          />
        </Tabs>
        <Box
          role="tabpanel"
          id={`website-data-panel-${section}`}
          aria-labelledby={`website-data-tab-${section}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Panel />
        </Box>
      </Paper>
      <SensitiveSpeciesCard />
      <WallRoomsCard />
    </Stack>
  );
}
