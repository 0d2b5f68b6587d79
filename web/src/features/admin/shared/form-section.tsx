import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type FormSectionProps = {
  title: ReactNode;
  description?: ReactNode;
  /** The heading's id, which then names the section. */
  titleId?: string;
  /** The heading's look: 'h5' for a part of a long form, 'h6' for a card on a list page. */
  variant?: 'h5' | 'h6';
  /** The heading's level in the page's outline. */
  level?: 'h2' | 'h3';
  /** The space below the section. */
  mb?: number;
  children: ReactNode;
};

/** An outlined part of an admin page or long form, under its own heading. */
export function FormSection({
  title,
  children,
  description,
  titleId,
  variant = 'h5',
  level = 'h2',
  mb,
}: FormSectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, mb }}>
      <Typography id={titleId} variant={variant} component={level} sx={{ mb: description ? 0.5 : 2 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
