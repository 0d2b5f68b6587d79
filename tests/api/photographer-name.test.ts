import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';

// Issue 51: a shop that never set PHOTOGRAPHER_NAME printed the demo's name in the footer, on
// certificates and in 'Name on certificates'. Unset, the name is empty, the footer names the shop
// and the set-up checklist asks for her name.

type Item = { key: string; state: string; detail: string; readme: string | null };
const year = new Date().getFullYear();

async function facts(app: TestApp, admin: HttpClient) {
  const page = await app.client().get('/', { accept: 'text/html' });
  const html = await page.text();
  const footer = html.slice(html.lastIndexOf('<footer'), html.lastIndexOf('</footer>'));
  const setup = await admin.json<{ items: Item[] }>(admin.get('/api/admin/setup'));
  return {
    footer,
    site: await app.client().json<{ photographerName: string }>(app.client().get('/api/site')),
    certificates: await admin.json<{ photographerName: string }>(admin.get('/api/admin/edition-settings')),
    about: await app.client().json<{ mainBio: string }>(app.client().get('/api/about')),
    item: setup.items.find((i) => i.key === 'photographer-name'),
  };
}

describe('a shop without PHOTOGRAPHER_NAME', () => {
  let app: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    app = await createTestApp();
    await app.modules.content.seedDefaults(); // the about page a new shop starts with
    admin = await app.admin();
  });
  afterAll(() => app?.close());

  it('names nobody: the footer shows the shop, certificates no name, and the checklist asks for hers', async () => {
    const { footer, site, certificates, about, item } = await facts(app, admin);
    expect(footer).toContain(`© ${year} Refuge Light Photography`);
    expect(footer).not.toContain('Dana Whitfield');
    expect(site.photographerName).toBe('');
    expect(certificates.photographerName).toBe('');
    expect(about.mainBio).toContain("Hello, I'm an amateur wildlife photographer");
    expect(item).toEqual({
      key: 'photographer-name',
      title: 'Your name',
      state: 'attention',
      detail:
        "Not set: the footer shows the shop's name instead, and certificates carry no name unless you enter one under 'Name on certificates'. Set PHOTOGRAPHER_NAME.",
      link: null,
      readme: 'Going live',
    });
  });

  it('the name she saves for certificates is theirs; the footer still names the shop', async () => {
    await admin.json(admin.put('/api/admin/edition-settings', { photographerName: 'Ada Marsh' }));
    const { footer, certificates, item } = await facts(app, admin);
    expect(certificates.photographerName).toBe('Ada Marsh');
    expect(footer).toContain(`© ${year} Refuge Light Photography`);
    expect(item?.state).toBe('attention');
  });
});

describe('a shop with PHOTOGRAPHER_NAME', () => {
  let app: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    app = await createTestApp({ PHOTOGRAPHER_NAME: '  Ada Marsh ' });
    await app.modules.content.seedDefaults();
    admin = await app.admin();
  });
  afterAll(() => app?.close());

  it('shows her name in the footer, on certificates and on the checklist', async () => {
    const { footer, site, certificates, about, item } = await facts(app, admin);
    expect(footer).toContain(`© ${year} Ada Marsh`);
    expect(site.photographerName).toBe('Ada Marsh');
    expect(certificates.photographerName).toBe('Ada Marsh');
    expect(about.mainBio).toContain("Hello, I'm <strong>Ada Marsh</strong>, an amateur");
    expect(item).toMatchObject({
      state: 'done',
      detail: `"Ada Marsh": in the footer, the photos' share tags and on certificates.`,
    });
  });
});
