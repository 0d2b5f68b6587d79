// `tsx scripts/check-architecture-map.ts` (part of `npm run lint`): docs/architecture.md is the map
// of the code, and this keeps it true. It fails, listing each gap, when
// - a module folder (src/modules/<name>/) has no row in the map's Modules table,
// - a job of src/jobs.ts (`queue/name`) has no row in its Jobs table,
// - a domain event of src/domain-events.ts, or an event subscriber (the name a module gives
//   `events.subscribe(event, name, ...)`), is not named in it as code (`order.paid`),
// - a Jobs row's payload is not the job's schema (`{ orderId, provider? }`: its keys in order, an
//   optional or defaulted one marked `?`), or a job id the code gives the job (`lab-send-<orderId>`,
//   read from each enqueue call) is not named in its row,
// and when a row of those two tables names a module or a job that no longer exists.
// The names come from the code, never from a list kept here: the job and event catalogues are
// imported, the module folders listed, the subscribers read with the TypeScript parser (like
// check-platform-names.ts); a subscriber whose event or name is not a string literal fails the check.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { domainEvents } from '../src/domain-events';
import { jobs } from '../src/jobs';
import { isMain } from '../src/platform/process';

export const MAP_FILE = 'docs/architecture.md';

/** What the code has, by kind. Jobs are `queue/name`. */
export type CodeNames = {
  modules: string[];
  jobs: string[];
  events: string[];
  subscribers: string[];
  /** Each job's payload as the map writes it: `{ orderId, provider? }`. */
  payloads?: Record<string, string>;
  /** Each job's ids as the code builds them: `lab-send-<orderId>-<provider>`. */
  jobIds?: Record<string, string[]>;
};

/** The markdown's text outside fenced code blocks (a diagram's lines are not the map's words). */
function outsideFences(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) lines.push(line);
  }
  return lines;
}

/** Every inline code span's text (`order.paid` gives order.paid), outside fenced blocks. */
export function codeSpans(markdown: string): Set<string> {
  const spans = new Set<string>();
  for (const line of outsideFences(markdown))
    for (const m of line.matchAll(/`([^`]+)`/g)) spans.add(m[1].trim());
  return spans;
}

/**
 * The body rows of the tables in the section whose heading matches `heading` (up to the next
 * heading of the same or a higher level): each row's head, the first code span in its first cell
 * (`| \`orders\` (with ...) |` gives orders), and its cells. Null when there is no such section.
 */
export function tableRows(markdown: string, heading: RegExp): { head: string; cells: string[] }[] | null {
  const lines = outsideFences(markdown);
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && heading.test(line.replace(/^#+\s*/, '')));
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start])![0].length;
  const rows: { head: string; cells: string[] }[] = [];
  let headerRow = true; // a table's first row is its header, the second its |---| line
  for (const line of lines.slice(start + 1)) {
    const h = /^(#{1,6})\s/.exec(line);
    if (h && h[1].length <= level) break;
    if (!line.trimStart().startsWith('|')) {
      headerRow = true;
      continue;
    }
    const cells = line.trim().slice(1).split('|');
    if (/^[\s:-]+$/.test(cells[0])) continue;
    if (headerRow) {
      headerRow = false;
      continue;
    }
    const code = /`([^`]+)`/.exec(cells[0]);
    if (code) rows.push({ head: code[1].trim(), cells });
  }
  return rows;
}

/** The heads of `tableRows`. */
export function tableRowHeads(markdown: string, heading: RegExp): string[] | null {
  return tableRows(markdown, heading)?.map((row) => row.head) ?? null;
}

const MODULES_SECTION = /^Modules\b/;
const JOBS_SECTION = /^Jobs\b/;

/**
 * What the map lacks (`missing`) and what its tables name that the code no longer has (`stale`),
 * each as a sentence; both empty when the map is true.
 */
export function checkMap(names: CodeNames, markdown: string): { missing: string[]; stale: string[] } {
  const missing: string[] = [];
  const stale: string[] = [];
  const spans = codeSpans(markdown);
  const moduleRows = tableRowHeads(markdown, MODULES_SECTION);
  const jobTable = tableRows(markdown, JOBS_SECTION);
  const jobRows = jobTable?.map((row) => row.head) ?? null;
  if (!moduleRows) missing.push('the section "Modules" with its table (one row per module)');
  if (!jobRows) missing.push('the section "Jobs" with its table (one row per job)');
  for (const name of names.modules)
    if (moduleRows && !moduleRows.includes(name))
      missing.push(`module ${name} (src/modules/${name}/): no row \`${name}\` in the Modules table`);
  for (const name of names.jobs)
    if (jobRows && !jobRows.includes(name))
      missing.push(`job ${name} (src/jobs.ts): no row \`${name}\` in the Jobs table`);
  for (const name of names.events)
    if (!spans.has(name)) missing.push(`event ${name} (src/domain-events.ts): not named as \`${name}\``);
  for (const name of names.subscribers)
    if (!spans.has(name)) missing.push(`event subscriber ${name}: not named as \`${name}\``);
  for (const row of jobTable ?? []) {
    const payload = names.payloads?.[row.head];
    // an id's shape counts, not its placeholders' names: `variants-<id>` is `variants-<assetId>`
    const shape = (id: string) => id.replace(/<[^>]*>/g, '<>');
    const rowShapes = new Set([...codeSpans(row.cells.join('|'))].map(shape));
    if (
      payload !== undefined &&
      codeSpans(row.cells[1] ?? '')
        .values()
        .next().value !== payload
    )
      missing.push(`job ${row.head}: its Payload cell must be \`${payload}\` (src/jobs.ts)`);
    const ids = new Map((names.jobIds?.[row.head] ?? []).map((id) => [shape(id), id]));
    for (const id of ids.values())
      if (!rowShapes.has(shape(id))) missing.push(`job ${row.head}: its row must name the job id \`${id}\``);
  }
  for (const row of moduleRows ?? [])
    if (!names.modules.includes(row))
      stale.push(`Modules table row \`${row}\`: no folder src/modules/${row}/`);
  for (const row of jobRows ?? [])
    if (!names.jobs.includes(row)) stale.push(`Jobs table row \`${row}\`: no such job in src/jobs.ts`);
  return { missing, stale };
}

const parse = (fileName: string, text: string) =>
  ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);

/**
 * The subscriber names of one source file: the second argument of each `x.subscribe(event, name,
 * handler, ...)` call (three arguments or more; a one-argument subscribe, such as Redis pub/sub's,
 * is not the event bus). `problems` lists the calls whose event or name is not a string literal.
 */
export function subscribersIn(
  fileName: string,
  text: string,
  source = parse(fileName, text),
): { names: string[]; problems: string[] } {
  const names: string[] = [];
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'subscribe' &&
      node.arguments.length >= 3
    ) {
      const [event, name] = node.arguments;
      if (ts.isStringLiteralLike(event) && ts.isStringLiteralLike(name)) names.push(name.text);
      else {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        problems.push(
          `${fileName}:${line}: subscribe() with an event or subscriber name that is not a string`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { names, problems };
}

/** A job id expression as the map writes it: `lab-send-${orderId}` gives lab-send-<orderId>. */
function jobIdForm(node: ts.Expression): string {
  const name = (e: ts.Expression): string =>
    ts.isPropertyAccessExpression(e) ? e.name.text : ts.isIdentifier(e) ? e.text : e.getText();
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return (
      node.head.text +
      node.templateSpans.map((span) => `<${name(span.expression)}>${span.literal.text}`).join('')
    );
  return `<${name(node)}>`;
}

/**
 * The job ids of one source file, by job (`queue/name`): the id each `enqueue(queue, name, data,
 * { jobId })`, `enqueueOnce(queue, name, data, jobId)` and `enqueueOrRetry(...)` call gives.
 */
export function jobIdsIn(
  fileName: string,
  text: string,
  source = parse(fileName, text),
): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['enqueue', 'enqueueOnce', 'enqueueOrRetry'].includes(node.expression.name.text) &&
      node.arguments.length >= 4
    ) {
      const [queue, name, , idArg] = node.arguments;
      let id: ts.Expression | undefined = idArg;
      if (ts.isObjectLiteralExpression(idArg)) {
        const prop = idArg.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'jobId',
        );
        id = prop?.initializer;
      }
      if (id && ts.isStringLiteralLike(queue) && ts.isStringLiteralLike(name)) {
        const job = `${queue.text}/${name.text}`;
        (found[job] ??= []).push(jobIdForm(id));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A job's payload as the map writes it: its schema's keys in order, optional ones marked `?`. */
function payloadForm(schema: unknown): string {
  const shape = (schema as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape;
  if (!shape) return '';
  const keys = Object.entries(shape).map(([k, v]) => (v.safeParse(undefined).success ? `${k}?` : k));
  return `{ ${keys.join(', ')} }`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The names the code has: module folders, the job and event catalogues, every subscriber. */
export function namesFromCode(): { names: CodeNames; problems: string[] } {
  const problems: string[] = [];
  const subscribers: string[] = [];
  const jobIds: Record<string, string[]> = {};
  for (const file of ['src', 'workers'].flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    const source = parse(file, text); // parsed once for both readings
    const found = subscribersIn(file, text, source);
    subscribers.push(...found.names);
    problems.push(...found.problems);
    for (const [job, ids] of Object.entries(jobIdsIn(file, text, source)))
      jobIds[job] = [...new Set([...(jobIds[job] ?? []), ...ids])];
  }
  const catalog = jobs as Record<string, Record<string, unknown>>;
  return {
    names: {
      modules: readdirSync('src/modules', { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
      jobs: Object.entries(catalog).flatMap(([queue, named]) =>
        Object.keys(named).map((n) => `${queue}/${n}`),
      ),
      events: Object.keys(domainEvents),
      subscribers,
      payloads: Object.fromEntries(
        Object.entries(catalog).flatMap(([queue, named]) =>
          Object.entries(named).map(([n, schema]) => [`${queue}/${n}`, payloadForm(schema)]),
        ),
      ),
      jobIds,
    },
    problems,
  };
}

if (isMain(import.meta.url)) {
  const { names, problems } = namesFromCode();
  const { missing, stale } = checkMap(names, readFileSync(MAP_FILE, 'utf8'));
  const report = [...problems, ...missing.map((m) => `missing: ${m}`), ...stale.map((s) => `stale: ${s}`)];
  if (report.length) {
    console.error(`${MAP_FILE} must name what the code has:\n  ${report.join('\n  ')}`);
    process.exit(1);
  }
  const counts = `${names.modules.length} modules, ${names.jobs.length} jobs, ${names.events.length} events, ${names.subscribers.length} subscribers`;
  console.log(`${MAP_FILE} names every module, job, event and subscriber (${counts})`);
}
