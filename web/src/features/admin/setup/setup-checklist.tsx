import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useDismissal } from '../shared/dismissal';
import { useGetSetupChecklistQuery, type SetupItem, type SetupState } from '../shared/api';

const HIDDEN_KEY = 'wildframe:setup-checklist-hidden';

/** How each state looks: its words, its icon and colours (text at 4.5:1 or more on its background). */
const LOOK: Record<SetupState, { label: string; Icon: typeof CheckCircleIcon; color: string; bg: string }> = {
  done: { label: 'Done', Icon: CheckCircleIcon, color: '#1e6b34', bg: 'background.paper' },
  attention: { label: 'Needs attention', Icon: ErrorOutlineIcon, color: '#8a4b00', bg: '#fff8ec' },
  optional: { label: 'Optional', Icon: RadioButtonUncheckedIcon, color: '#5f6368', bg: 'background.paper' },
};

/**
 * The dashboard's set-up checklist: payments, e-mail, tax, the shipping notice, the print lab, the
 * admin password and a recent backup, each with its state, a line saying why and where it is set.
 * Open while something needs attention; she may hide it, and it opens again when something else
 * comes to need attention (a backup grown old). Quiet while it loads: the photos come first.
 */
export function SetupChecklist() {
  const { data } = useGetSetupChecklistQuery(undefined, { refetchOnMountOrArgChange: true });
  const attention = data?.items.filter((i) => i.state === 'attention') ?? [];
  const { hidden, hide, show } = useDismissal(
    HIDDEN_KEY,
    data ? attention.map((i) => i.key).join(',') : null,
  );
  // her choice on this visit; else open while something needs attention and she has not hidden it
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!data) return null;
  const total = data.items.length;
  const open = choice ?? (attention.length > 0 && !hidden);
  const toggle = () => {
    if (open) hide();
    else show();
    setChoice(!open);
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="setup-title"
      sx={{ mb: { xs: 2.5, sm: 3 }, p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="setup-title" variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {attention.length ? 'Set up your shop' : 'Your shop is set up'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.ready} of {total} ready
            {attention.length > 0 &&
              ` · ${attention.length} ${attention.length === 1 ? 'needs' : 'need'} attention`}
          </Typography>
        </Box>
        <Button
          size="small"
          onClick={toggle}
          aria-expanded={open}
          aria-controls="setup-items"
          sx={{ flexShrink: 0 }}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </Box>
      {/* a picture of the line above ('3 of 7 ready'), which says it in words */}
      <Box aria-hidden sx={{ mt: 1.5, height: 6, borderRadius: 3, bgcolor: 'grey.200', overflow: 'hidden' }}>
        <Box
          sx={{
            height: '100%',
            width: `${(data.ready / total) * 100}%`,
            borderRadius: 3,
            bgcolor: attention.length ? 'warning.main' : 'success.main',
          }}
        />
      </Box>
      <Box
        component="ul"
        id="setup-items"
        hidden={!open}
        aria-label="Set-up checklist"
        sx={{
          listStyle: 'none',
          m: 0,
          mt: 2,
          p: 0,
          display: open ? 'grid' : 'none',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {data.items.map((item) => (
          <SetupRow key={item.key} item={item} />
        ))}
      </Box>
    </Paper>
  );
}

function SetupRow({ item }: { item: SetupItem }) {
  const look = LOOK[item.state];
  return (
    <Box
      component="li"
      data-state={item.state}
      sx={{
        display: 'flex',
        gap: 1.25,
        p: 1.5,
        border: 1,
        borderColor: item.state === 'attention' ? '#f0d3a8' : 'divider',
        borderRadius: 1.5,
        bgcolor: look.bg,
        minWidth: 0,
      }}
    >
      <look.Icon aria-hidden sx={{ color: look.color, mt: '1px', fontSize: 22 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography component="h3" variant="subtitle2" sx={{ fontSize: '0.95rem', fontWeight: 700 }}>
            {item.title}
          </Typography>
          <Typography variant="caption" sx={{ color: look.color, fontWeight: 700 }}>
            {look.label}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
          {item.detail}
        </Typography>
        {item.link ? (
          <Link
            component={RouterLink}
            to={item.link.href}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', mt: 0.75, fontWeight: 600 }}
          >
            {item.link.label}
            <ChevronRightIcon aria-hidden fontSize="small" />
          </Link>
        ) : item.readme ? (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.75 }}>
            Set on the server: see &ldquo;{item.readme}&rdquo; in the README.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
