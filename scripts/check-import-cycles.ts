// `tsx scripts/check-import-cycles.ts` (part of `npm run lint`): fails when the relative imports of
// web/src, src or workers form a loop, and lists each loop. Type-only imports count too: a loop of
// types still ties the modules together. Built on the TypeScript parser, as no dependency does this.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['web/src', 'src', 'workers'];
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every module specifier of a file: static imports and re-exports, and dynamic import(). */
function specifiers(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest));
  return found;
}

/** The file a relative specifier names (with or without extension, or a folder's index), if any. */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(from), specifier).replace(/\.js$/, '');
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => files.has(candidate));
}

/** Groups of files that import each other in a loop (Tarjan's strongly connected components). */
function loops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

/** One loop through a group, as the import chain that closes it. */
function chain(group: string[], graph: Map<string, string[]>): string[] {
  const inGroup = new Set(group);
  const start = group[0];
  const seen = new Map<string, string>(); // node -> the node it was reached from
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!inGroup.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(seen.get(path[0])!);
        return [...path, start];
      }
      if (!seen.has(next)) {
        seen.set(next, node);
        queue.push(next);
      }
    }
  }
  return group;
}

const files = ROOTS.flatMap((root) => sourceFiles(root));
const known = new Set(files);
const graph = new Map(
  files.map((file) => [
    file,
    [...new Set(specifiers(file).flatMap((specifier) => resolve(file, specifier, known) ?? []))],
  ]),
);
const found = loops(graph);
if (found.length) {
  console.error(`${found.length} import loop(s):`);
  for (const group of found) console.error(`  ${chain(group, graph).join('\n    -> ')}`);
  process.exit(1);
}
console.log(`No import loops in ${files.length} files (${ROOTS.join(', ')}).`);
