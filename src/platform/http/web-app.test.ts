import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebAppFiles, shortNameOf } from './web-app';

describe('shortNameOf', () => {
  it("keeps the site name's leading words that fit in 12 characters", () => {
    expect(shortNameOf('Refuge Light Photography')).toBe('Refuge Light');
    expect(shortNameOf('Marsh Light Prints')).toBe('Marsh Light');
    expect(shortNameOf('  Heron   Co ')).toBe('Heron Co');
    expect(shortNameOf('Supercalifragilistic Prints')).toBe('Supercalifra');
  });
});

describe('createWebAppFiles', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dist = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-web-'));
    dirs.push(dir);
    writeFileSync(
      path.join(dir, 'index.html'),
      '<title>{{siteName}}</title><link rel="stylesheet" href="/s.css"><p>{{photographerName}}</p>',
    );
    writeFileSync(path.join(dir, 's.css'), 'p{color:red}');
    writeFileSync(
      path.join(dir, 'manifest.webmanifest'),
      JSON.stringify({
        name: '{{siteName}}',
        short_name: '{{shortName}}',
        screenshots: [{ label: '{{siteName}}: x' }],
      }),
    );
    writeFileSync(
      path.join(dir, 'sw.js'),
      'precacheAndRoute([{url:"index.html",revision:"0000"},{url:"manifest.webmanifest",revision:"1111"},{url:"a.js",revision:null}])',
    );
    return dir;
  };

  it('fills the names in, escaped for HTML in the shell and as JSON strings in the manifest', () => {
    const files = createWebAppFiles(dist(), {
      siteName: 'Ann & "Bo" <Prints>',
      photographerName: "Ann O'Hara",
    });
    expect(files.shell()!.html).toBe(
      '<title>Ann &amp; &quot;Bo&quot; &lt;Prints&gt;</title><link rel="stylesheet" href="/s.css"><p>Ann O&#39;Hara</p>',
    );
    expect(files.shell()!.rendered).toContain('<style>p{color:red}</style>');
    expect(JSON.parse(files.manifest()!)).toEqual({
      name: 'Ann & "Bo" <Prints>',
      short_name: 'Ann & "Bo"',
      screenshots: [{ label: 'Ann & "Bo" <Prints>: x' }],
    });
  });

  it('gives the service worker the revisions of the files as served, and answers null without a build', () => {
    const files = createWebAppFiles(dist(), {
      siteName: 'Marsh Light Prints',
      photographerName: 'Ann Heron',
    });
    const sw = files.serviceWorker()!;
    expect(sw).not.toContain('"0000"');
    expect(sw).not.toContain('"1111"');
    expect(sw).toContain('{url:"a.js",revision:null}');
    expect(sw).toMatch(
      /^precacheAndRoute\(\[\{url:"index.html",revision:"[0-9a-f]{32}"\},\{url:"manifest.webmanifest",revision:"[0-9a-f]{32}"\}/,
    );
    const empty = createWebAppFiles(path.join(tmpdir(), 'wf-no-such-build'), {
      siteName: 'A',
      photographerName: 'B',
    });
    expect([empty.shell(), empty.manifest(), empty.serviceWorker()]).toEqual([null, null, null]);
  });
});
