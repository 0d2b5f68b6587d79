import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormSection } from '../shared/form-section';
import { useActionToast } from '../shared/action-toast';
import { useGetEditionsToSignQuery, useMarkSignedMutation } from './api';

/**
 * On the Orders tab: the edition prints sold and not yet signed, so the owner signs and numbers
 * each: a lab's print when it arrives, her own before she ships it. Hidden when there are none.
 */
export default function EditionsToSignCard() {
  const { data: prints = [] } = useGetEditionsToSignQuery();
  const [markSigned, { isLoading }] = useMarkSignedMutation();
  const act = useActionToast();
  const open = prints.filter((print) => !print.signedAt);
  if (open.length === 0) return null;
  return (
    <FormSection
      title="Edition prints to sign"
      titleId="editions-to-sign"
      variant="h6"
      mb={3}
      description="Sign and number each print by hand: a lab's print when it arrives, your own before you ship it."
    >
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {open.map((print) => (
          <Stack
            component="li"
            key={print.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <div>
              <Typography sx={{ fontWeight: 600 }}>
                {print.photoTitle} · {print.number}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Order #{print.orderId} · {print.size} {print.format} ·{' '}
                {print.madeBy === 'lab'
                  ? 'Sign it when it arrives from the lab'
                  : 'Sign it before you ship it'}
                {print.certificateUrl && (
                  <>
                    {' · '}
                    <Link href={print.certificateUrl} target="_blank" rel="noopener" underline="always">
                      Certificate
                    </Link>
                  </>
                )}
              </Typography>
            </div>
            <Button
              variant="outlined"
              size="small"
              disabled={isLoading}
              aria-label={`Mark signed: ${print.photoTitle} ${print.number}`}
              onClick={() =>
                void act(() => markSigned(print.id).unwrap(), {
                  done: { title: `${print.photoTitle} ${print.number} signed` },
                  failure: 'mark the print signed',
                })
              }
              sx={{ flex: 'none', alignSelf: { xs: 'flex-start', sm: 'center' } }}
            >
              Mark signed
            </Button>
          </Stack>
        ))}
      </Stack>
    </FormSection>
  );
}
