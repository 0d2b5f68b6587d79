// `tsx scripts/check-table-owners.ts` (part of `npm run lint`): each database table belongs to one
// owner, and only its owner's code names it (a model's tableName, a query builder call, a join
// column such as 'orders.id', or raw SQL). An owner is a module (src/modules/<name>/) or the
// platform (src/platform/: the outbox and event tables). Everything else reaches a table through
// its owner's index.ts. Naming is a stricter test than writing, and the only one a parser can make
// without types: a read by another module is as much a seam as a write.
// Exempt: migrations (they shape every table), tests and benchmarks (they look into the database to
// wait for a steady state), and the ops scripts that copy the whole database (backup, restore) or
// seed a demo shop.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXEMPT = new Set(['scripts/backup.ts', 'scripts/restore.ts', 'src/demo/demo-seed.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Every string and template part in a file, with where it is. */
function strings(source: ts.SourceFile, within: ts.Node = source): { text: string; node: ts.Node }[] {
  const found: { text: string; node: ts.Node }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const parent = node.parent;
      const isSpecifier =
        (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node;
      if (!isSpecifier) found.push({ text: node.text, node });
    }
    ts.forEachChild(node, visit);
  };
  visit(within);
  return found;
}

/** The tables the migrations leave, read from each migration's up() in file order. */
function tables(): Set<string> {
  const result = new Set<string>();
  for (const file of readdirSync('migrations').sort()) {
    if (!file.endsWith('.ts')) continue;
    const source = parse(path.join('migrations', file));
    const up = source.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === 'up');
    if (!up) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const args = node.arguments.map((a) => (ts.isStringLiteral(a) ? a.text : null));
        const method = node.expression.name.text;
        if (method === 'createTable' && args[0]) result.add(args[0]);
        if ((method === 'dropTable' || method === 'dropTableIfExists') && args[0]) result.delete(args[0]);
        if (method === 'renameTable' && args[0] && args[1]) {
          result.delete(args[0]);
          result.add(args[1]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(up);
    for (const { text } of strings(source, up))
      for (const m of text.matchAll(/alter\s+table\s+"?(\w+)"?\s+rename\s+to\s+"?(\w+)/gi)) {
        result.delete(m[1]);
        result.add(m[2]);
      }
  }
  return result;
}

const known = tables();
const sqlTable = /\b(?:from|join|into|update|table)\s+"?(\w+)/gi;

/** The tables a string names: the whole string, a qualified column ('orders.id'), or raw SQL. */
function tablesIn(text: string): string[] {
  const named = new Set<string>();
  const bare = text.trim().split(/\s+as\s+/i)[0];
  if (known.has(bare)) named.add(bare);
  const qualified = /^(\w+)\.\w+$/.exec(bare);
  if (qualified && known.has(qualified[1])) named.add(qualified[1]);
  for (const m of text.matchAll(sqlTable)) if (known.has(m[1])) named.add(m[1]);
  return [...named];
}

function ownerOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts[0] === 'src' && parts[1] === 'modules') return `module ${parts[2]}`;
  if (parts[0] === 'src' && parts[1] === 'platform') return 'platform';
  return file;
}

const uses = new Map<string, Map<string, string>>(); // table -> owner -> first place
for (const file of ['src', 'workers', 'scripts'].flatMap(sourceFiles)) {
  if (EXEMPT.has(file) || /^scripts\/bench-/.test(file)) continue;
  const source = parse(file);
  for (const { text, node } of strings(source))
    for (const table of tablesIn(text)) {
      const owners = uses.get(table) ?? new Map<string, string>();
      const owner = ownerOf(file);
      if (!owners.has(owner))
        owners.set(owner, `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      uses.set(table, owners);
    }
}

const problems: string[] = [];
for (const [table, owners] of uses)
  if (owners.size > 1)
    problems.push(
      `table ${table} is named by ${owners.size} owners:\n${[...owners].map(([o, at]) => `    ${o} (${at})`).join('\n')}`,
    );
const unowned = [...known].filter((t) => !uses.has(t));

if (problems.length) {
  console.error(`Each table has one owner; these are named by several:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `each of ${uses.size} tables is named by one owner` +
    (unowned.length ? ` (unused: ${unowned.join(', ')})` : ''),
);
