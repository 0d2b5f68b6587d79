import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ContactMessage } from '../../lib/api-types';
import { isApiError, OFFLINE_MESSAGE, serverMessage } from '../../lib/api';
import { SitePageMeta } from '../../components/page-meta';
import { RequiredTextFields, type TextFieldSpec } from '../../components/required-text-fields';
import { SplitColumns } from '../../components/split-columns';
import { useToast } from '../../components/toast';
import { useValidatedFields } from '../../components/use-validated-fields';
import { useHydrated } from '../../components/use-hydrated';
import { useOnline } from '../../components/use-online';
import { useSendContactMessageMutation } from './api';
import { validateContact } from './contact-validation';

const EMPTY: ContactMessage = { name: '', email: '', message: '' };

const CONTACT_FIELDS: readonly TextFieldSpec<keyof ContactMessage>[] = [
  { field: 'name', name: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'email', name: 'email', type: 'email', label: 'Email', autoComplete: 'email' },
  { field: 'message', name: 'message', label: 'Message', multiline: true, minRows: 6 },
];

export default function ContactPage() {
  const toast = useToast();
  const [send, { isLoading: sending }] = useSendContactMessageMutation();
  const online = useOnline();
  const hydrated = useHydrated();
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const {
    setErrors,
    validateAll,
    reset: resetChecks,
    fieldProps,
  } = useValidatedFields({
    idPrefix: 'contact',
    fields: CONTACT_FIELDS,
    values,
    onValuesChange: setValues,
    validate: validateContact,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validateAll()) return;
    try {
      await send({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      }).unwrap();
      toast({
        title: 'Message Sent!',
        description: "Thank you for your message. We'll get back to you soon.",
      });
      setValues(EMPTY);
      resetChecks();
    } catch (err) {
      if (isApiError(err) && err.errors) setErrors((current) => ({ ...current, ...err.errors }));
      toast({
        title: 'Error Sending Message',
        description:
          serverMessage(err) ??
          (isApiError(err) && typeof err.status === 'number'
            ? 'Failed to send message'
            : 'Please try again later'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <SitePageMeta
        page="Contact"
        description="Questions about a print, a custom size or a photograph you saw here? Send a note and I will write back."
        path="/contact"
      />
      <SplitColumns fr={[5, 7]} gap={{ xs: 5, md: 8 }}>
        <Box>
          <Typography variant="overline" color="secondary.dark">
            Contact
          </Typography>
          <Typography variant="h1" sx={{ fontSize: 'clamp(2.1rem, 3vw + 1rem, 3.25rem)', mt: 1, mb: 3 }}>
            Get in Touch
          </Typography>
          <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 4 }}>
            Questions about a print, a custom size or a photograph you saw here? Send a note and I will write
            back.
          </Typography>
          <Stack spacing={2.5}>
            <InfoRow icon={<ScheduleIcon />} title="Response time">
              I read every message and usually respond within 1-2 business days.
            </InfoRow>
            <InfoRow icon={<MailOutlineIcon />} title="Prints and orders">
              For an order already placed, please include your order number.
            </InfoRow>
          </Stack>
        </Box>

        <Paper
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Contact form"
          sx={{ p: { xs: 3, sm: 4, md: 5 }, borderRadius: 2, border: '1px solid', borderColor: 'divider' }}
          elevation={0}
        >
          <Stack spacing={3}>
            <RequiredTextFields {...fieldProps} disabled={sending} />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={sending || !online || !hydrated}
              aria-describedby={online ? undefined : 'contact-offline'}
              sx={{ alignSelf: { sm: 'flex-start' } }}
            >
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
            {!online && (
              <Typography id="contact-offline" variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
                {OFFLINE_MESSAGE}
              </Typography>
            )}
          </Stack>
        </Paper>
      </SplitColumns>
    </Container>
  );
}

function InfoRow({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          width: 44,
          height: 44,
          borderRadius: 999,
          bgcolor: 'secondary.light',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}
