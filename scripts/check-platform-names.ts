// `tsx scripts/check-platform-names.ts` (part of `npm run lint`): the platform (src/platform) is
// shared machinery and knows no module. It fails when a platform file imports from src/modules, or
// names, in a string, a module's queue or job (from src/jobs.ts) or a domain event (from
// src/domain-events.ts). The platform's own jobs (mail, event delivery) are declared in the
// platform, so they are allowed. Built on the TypeScript parser, like check-import-cycles.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { domainEvents } from '../src/domain-events';
import { jobs } from '../src/jobs';
import { eventJobs } from '../src/platform/events';
import { mailJobs } from '../src/platform/outbox';

const PLATFORM = 'src/platform';
const MODULES = path.resolve('src/modules');

const platformJobs: Record<string, Record<string, unknown>> = { ...mailJobs, ...eventJobs };
const forbidden = new Set<string>(Object.keys(domainEvents));
for (const [queue, names] of Object.entries(jobs as Record<string, Record<string, unknown>>)) {
  if (!Object.hasOwn(platformJobs, queue)) forbidden.add(queue);
  for (const name of Object.keys(names))
    if (!Object.hasOwn(platformJobs[queue] ?? {}, name)) forbidden.add(name);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const problems: string[] = [];
for (const file of sourceFiles(PLATFORM)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isSpecifier =
        (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node;
      const isDynamicImport =
        ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (isSpecifier || isDynamicImport) {
        const target = path.resolve(path.dirname(file), node.text);
        if (node.text.startsWith('.') && (target === MODULES || target.startsWith(MODULES + path.sep)))
          problems.push(`${where(node)} imports from src/modules ("${node.text}")`);
      } else if (forbidden.has(node.text)) {
        problems.push(`${where(node)} names the module job or event "${node.text}"`);
      }
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const name of forbidden)
        if (name.includes('.') || name.includes('-'))
          if (node.text.includes(name))
            problems.push(`${where(node)} names the module job or event "${name}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length) {
  console.error(`The platform must not know the modules:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`platform names no module job or event (${forbidden.size} names checked)`);
