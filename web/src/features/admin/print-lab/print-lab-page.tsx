import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useGetLabSettingsQuery } from '../shared/lab/api';
import { Loaded } from '../shared/load-error';
import { SubPage } from '../shared/sub-page';
import { LabProducts } from './lab-products';
import { LabSettingsForm } from './lab-settings-form';

/** The print lab: its connection and defaults, and the prints it makes with their margins. */
export default function PrintLabPage() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useGetLabSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <SubPage title="Print Lab" backTo="/admin/orders" backLabel="Back to Orders" maxWidth="md">
      <Stack spacing={3}>
        <Loaded query={query} what="print lab settings" placeholderHeight={420}>
          {(settings) => <LabSettingsForm settings={settings} />}
        </Loaded>
        <LabProducts fullScreen={isPhone} />
      </Stack>
    </SubPage>
  );
}
