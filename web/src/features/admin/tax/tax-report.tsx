import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { GridBox } from '../shared/grid-box';
import { FormSection } from '../shared/form-section';
import { taxReportUrl } from './api';

/** A field with its button beside it, packed to the left. */
export const FIELD_AND_BUTTON = { gap: 1.5, alignItems: 'center', justifyContent: 'start' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** This month as an input type=month value: '2026-11'. */
const thisMonth = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** The monthly report's month and its CSV download. */
export function TaxReport() {
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <FormSection
      title="Monthly tax report"
      description="A CSV per state: taxable sales, tax collected and the tax given back with refunds; below the total, what you owe on gift cards sold (at the month's end)."
    >
      <GridBox columns={{ xs: '1fr', sm: 'minmax(0, 220px) auto' }} sx={FIELD_AND_BUTTON}>
        <TextField
          id="tax-report-month"
          type="month"
          label="Month"
          size="small"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth() } }}
        />
        <Button
          component="a"
          href={valid ? taxReportUrl(month) : undefined}
          download
          variant="outlined"
          disabled={!valid}
          startIcon={<FileDownloadOutlinedIcon />}
        >
          Download CSV
        </Button>
      </GridBox>
    </FormSection>
  );
}
