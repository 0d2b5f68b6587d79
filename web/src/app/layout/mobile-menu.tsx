import { NavLink } from 'react-router';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import { Brand } from './brand';
import { NAV_LINKS } from './nav-links';

/** The phone navigation drawer; a lazy chunk so the Drawer stays out of the initial JS. */
export default function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id="mobile-menu"
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(20rem, 85vw)', bgcolor: 'background.default' } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5 }}>
        <Brand height={32} />
        <IconButton aria-label="Close menu" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <List component="nav" aria-label="Mobile">
        {NAV_LINKS.map((link) => (
          <ListItemButton
            key={link.to}
            component={NavLink}
            to={link.to}
            end={link.to === '/'}
            onClick={onClose}
            sx={{
              px: 3,
              py: 1.5,
              '&.active': { color: 'primary.main', fontWeight: 700, bgcolor: 'rgba(46,75,60,0.06)' },
            }}
          >
            <ListItemText
              primary={link.label}
              slotProps={{
                primary: { sx: { fontFamily: 'Georgia, "Times New Roman", serif', fontSize: '1.35rem' } },
              }}
            />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  );
}
