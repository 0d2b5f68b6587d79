/**
 * A 400 answer's messages split into the form's own fields (first one the server refused first,
 * in the form's order) and the rest, shown above the button.
 */
export function splitServerErrors<F extends string>(
  errors: Record<string, string> | undefined,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; first: F | undefined; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    // 'optionIds.2' belongs to 'optionIds'
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field) byField[field] ??= message;
    else if (!other.includes(message)) other.push(message);
  }
  return { byField, first: fields.find((f) => byField[f]), other };
}
