import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useGetLabSetupQuery } from '../shared/lab/api';
import { ToReviewLink } from '../shared/lab/to-review-link';
import { Loaded } from '../shared/load-error';
import { SubPage } from '../shared/sub-page';
import { LabCard } from './lab-card';
import { LabProducts } from './lab-products';
import { LabSettingsForm } from './lab-settings-form';

/** The labs on show are the built-in stand-ins (LAB_DEMO): said once for the page. */
function DemoLabNotice() {
  return (
    <Alert severity="info" role="note">
      <AlertTitle>Demo lab</AlertTitle>
      These labs are built-in stand-ins to try the shop with: no account is needed, and nothing is printed or
      shipped. Orders still go through review, the hold, sending and a shipment with tracking.
    </Alert>
  );
}

/** The print labs, each with its connection and defaults, and the prints they make with their margins. */
export default function PrintLabPage() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const query = useGetLabSetupQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <SubPage
      title="Print Lab"
      backTo="/admin/orders"
      backLabel="Back to Orders"
      maxWidth="md"
      actions={<ToReviewLink />}
    >
      <Stack spacing={3}>
        <Loaded query={query} what="print lab settings" placeholderHeight={420}>
          {(setup) => (
            <>
              {setup.demo && <DemoLabNotice />}
              {setup.labs.map((lab) => (
                <LabCard key={lab.provider} lab={lab}>
                  <LabSettingsForm lab={lab} />
                </LabCard>
              ))}
            </>
          )}
        </Loaded>
        <LabProducts fullScreen={isPhone} />
      </Stack>
    </SubPage>
  );
}
