import {
  effectiveProtection,
  isSensitiveSpecies,
  placeWordsIn,
  publicPlaceAndDate,
  regionFromLocation,
  shownPubliclyAs,
  type Protection,
  type ProtectionSetting,
} from '@shared/location-protection';
import type { AdminPhotoSummary } from '../../../lib/api-types';

// What the admin shows of a photo's public place and date: the photo form's live preview and
// warning, and the photo list's marks. The rules are @shared/location-protection's, the same the
// server applies on every public surface.

/** The protection fields of an admin photo answer the list's marks read. */
type AdminPhotoProtection = Pick<AdminPhotoSummary, 'protectionInForce' | 'publishAt' | 'shownPublicly'>;

/** Short labels that fit a phone's select (390 px); `help` says under the field what the choice does. */
export const PROTECTION_CHOICES: ReadonlyArray<{ value: ProtectionSetting; label: string; help: string }> = [
  { value: 'auto', label: 'Automatic', help: 'Sensitive species are protected; others are shown as typed.' },
  { value: 'exact', label: 'Exact: shown as typed', help: 'The place and date as typed.' },
  { value: 'region', label: 'Region only', help: 'Only the region and the season.' },
  { value: 'hidden', label: 'Hidden', help: 'No place, and only the year.' },
];

/** The photo form's values the preview reads. */
export type ProtectionInput = {
  title: string;
  description: string;
  location: string;
  dateTaken: string;
  speciesCommon: string;
  speciesScientific: string;
  protection: ProtectionSetting;
  publicRegion: string;
};

export type ProtectionPreview = {
  inForce: Protection;
  /** "Maryland, Spring 2025" */
  shownAs: string;
  /** The region read from the location (the region field's placeholder). */
  regionFromLocation: string | null;
  /** Words of the exact location the title or description repeats (only when protected). */
  givingAway: string[];
};

/** What the public will see of the photo as the form stands, with the list of sensitive species. */
export function protectionPreview(
  input: ProtectionInput,
  sensitiveList: readonly string[],
): ProtectionPreview {
  const sensitive = isSensitiveSpecies(
    { common: input.speciesCommon, scientific: input.speciesScientific },
    sensitiveList,
  );
  const inForce = effectiveProtection(input.protection, sensitive);
  const region = input.publicRegion.trim() || null;
  const place = publicPlaceAndDate({
    location: input.location.trim() || null,
    dateTaken: input.dateTaken.trim() || null,
    protection: inForce,
    region,
  });
  return {
    inForce,
    shownAs: shownPubliclyAs(place),
    regionFromLocation: regionFromLocation(input.location),
    givingAway:
      inForce === 'exact' ? [] : placeWordsIn([input.title, input.description], input.location, region),
  };
}

/** The warning's text: 'The title or description names the exact location: “Wildlife Drive pullout 3”.' */
export function givingAwayText(phrases: readonly string[]): string {
  return `The title or description names the exact location: ${phrases.map((p) => `“${p}”`).join(', ')}.`;
}

const scheduledFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The photo list's marks: "Shown publicly as: Maryland, Spring 2025", "Scheduled for Dec 3, 2026, 9:00 AM". */
export function photoMarks(photo: AdminPhotoProtection, now: Date = new Date()): string[] {
  const marks: string[] = [];
  if (photo.protectionInForce !== 'exact') marks.push(`Shown publicly as: ${photo.shownPublicly.text}`);
  if (photo.publishAt) {
    const at = new Date(photo.publishAt);
    if (!Number.isNaN(at.getTime()) && at.getTime() > now.getTime())
      marks.push(`Scheduled for ${scheduledFormat.format(at)}`);
  }
  return marks;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input's value, in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value ("2026-12-03T09:00", the browser's local time) as ISO 8601 with the
 * browser's offset at that date ("2026-12-03T09:00:00-05:00"); '' for an empty field (now).
 * An unreadable value is sent as typed, for the server to refuse.
 */
export function localInputToIso(value: string): string {
  const v = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (!m) return v;
  const d = new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  if (Number.isNaN(d.getTime())) return v;
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
