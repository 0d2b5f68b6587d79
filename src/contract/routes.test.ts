import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../endpoints';

// Every row of the route tables (a row starts with an HTTP method): its "call" and "answer" cells.
const rows = readFileSync(new URL('../../docs/api-contract.md', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE)[ /]/.test(line))
  .map((line) => {
    const [call, text] = line.slice(2).split(' | ');
    return { call: call.trim(), text };
  });

describe("docs/api-contract.md and the endpoints' declarations", () => {
  it('document the same routes', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.map((r) => r.call).sort()).toEqual([...new Set(endpoints.map((e) => e.contract))].sort());
  });

  it('give a schema to every body the document shows', () => {
    // "`{ a, b }` -> answer": the route reads a JSON body
    const withBody = rows.filter((r) => /^(body )?`\{[^`]*\}`[^|]*->/.test(r.text)).map((r) => r.call);
    expect(withBody.length).toBeGreaterThan(10);
    for (const call of withBody)
      expect(
        endpoints.some((e) => e.contract === call && typeof e.body === 'object'),
        call,
      ).toBe(true);
  });
});
