import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutThirdPartyLinks } from './queue-board';

describe('withoutThirdPartyLinks', () => {
  it("removes bull-board's Google Fonts stylesheet and keeps its own", () => {
    // The page template as the installed bull-board ships it.
    const require = createRequire(import.meta.url);
    const ui = path.dirname(require.resolve('@bull-board/ui/package.json'));
    const page = readFileSync(path.join(ui, 'dist/index.ejs'), 'utf8');
    expect(page).toContain('fonts.googleapis.com');

    const cleaned = withoutThirdPartyLinks(page);
    expect(cleaned).not.toMatch(/<link[^>]*href="(https?:)?\/\//);
    expect(cleaned).toMatch(/<link href="static\/css\/main\.[^"]+\.css" rel="stylesheet">/);
  });

  it('removes protocol-relative links too', () => {
    expect(withoutThirdPartyLinks('<link rel="stylesheet" href="//cdn.example.com/x.css"><p>')).toBe('<p>');
  });
});
