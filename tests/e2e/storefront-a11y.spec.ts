import type { Locator, Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { expectNoA11yViolations } from './support/axe';
import { expectFocusRingContrast } from './support/focus-ring';
import { expect, phone, test, sizes } from './support/fixtures';
import { buyer, fillAddress } from './support/checkout';
import { photoWithOption, placeOrder, stamp } from './support/orders';

// issue 21 item 13: axe-core (WCAG 2.1 A and AA) on every storefront page and state at phone and
// desktop size, the keyboard focus ring measured against what is behind it (3:1), and the markup
// checked against the HTML standard (html-validate, an offline checker of the Nu checker's rules).

/** Waits until the page has loaded its data: no spinners, skeletons or busy regions left. */
async function settled(page: Page) {
  await expect(page.locator('[role="progressbar"], [aria-busy="true"], .MuiSkeleton-root')).toHaveCount(0);
}

/** Presses Tab until the element has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, label: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${label}`);
}

/** The token of a new order's page (/orders/{token}), placed through the public API. */
async function orderPageToken(page: Page, db: import('knex').Knex): Promise<string> {
  const orderId = await placeOrder(page, `Ada ${stamp()}`);
  const { status_token: token } = (await db('orders').where({ id: orderId }).first()) as {
    status_token: string;
  };
  return token;
}

/** The toast region: one live region, present before any toast, with no list holding statuses. */
async function expectWellFormedToasts(page: Page, title: string) {
  const region = page.getByRole('region', { name: /^Notifications/ });
  const toast = region.getByText(title, { exact: true });
  await expect(toast).toBeVisible();
  // Faded fully in, so axe measures its colours as they end up.
  await expect
    .poll(() =>
      toast.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
        }
        return opacity;
      }),
    )
    .toBe(1);
  const problems = await region.evaluate((section) => {
    const found: string[] = [];
    for (const list of section.querySelectorAll('ol, ul')) {
      for (const child of list.children) {
        if (child.tagName !== 'LI' || (child.getAttribute('role') ?? 'listitem') !== 'listitem') {
          found.push(
            `<${list.tagName.toLowerCase()}> holds <${child.tagName.toLowerCase()} role="${child.getAttribute('role')}">`,
          );
        }
      }
    }
    // Nested live regions make screen readers announce a toast twice or not at all.
    const live = section.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]');
    for (const region of live) {
      if (region.parentElement?.closest('[aria-live], [role="status"], [role="alert"], [role="log"]')) {
        found.push(`a live region inside another: <${region.tagName.toLowerCase()}>`);
      }
    }
    return found;
  });
  expect(problems, 'the toast markup').toEqual([]);
  const html = await region.evaluate((section) => section.outerHTML);
  expect(await htmlProblems(html), 'the toast markup (HTML standard)').toEqual([]);
}

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  // aria-label on an element without a role that takes a name is ignored by screen readers.
  rules: { 'aria-label-misuse': 'error' },
});

async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId} (line ${m.line}): ${m.message} [${m.selector ?? ''}]`),
  );
}

test.describe('storefront HTML', () => {
  test('the server-rendered pages are valid HTML', async ({ page, db }) => {
    const { photoId } = await photoWithOption(page);
    const token = await orderPageToken(page, db);
    const paths = [
      '/',
      '/portfolio',
      '/portfolio/birds',
      `/photo/${photoId}`,
      '/about',
      '/faq',
      '/contact',
      '/checkout',
      '/no-such-page',
      `/orders/${token}`,
    ];
    for (const path of paths) {
      const response = await page.request.get(path);
      expect(await htmlProblems(await response.text()), `HTML of ${path}`).toEqual([]);
    }
  });
});

for (const size of sizes) {
  test.describe(`storefront accessibility (${size.name})`, () => {
    test.use(size.use);

    test('every page passes axe', async ({ page, db }) => {
      // every storefront page loaded, settled and scanned: near 50 s on a busy two-core machine
      test.setTimeout(90_000);
      const label = (what: string) => `${what} (${size.name})`;

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Featured Work' })).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('home') });

      await page.goto('/portfolio');
      await expect(page.getByRole('heading', { name: 'Photography Portfolio' })).toBeVisible();
      await expect(page.locator('main a[href^="/photo/"]').first()).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('portfolio') });
      await page
        .getByRole('button', { name: 'Birds', exact: true })
        .or(page.getByRole('link', { name: 'Birds', exact: true }))
        .click();
      await expect(page.getByRole('heading', { name: 'Birds Photography' })).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('portfolio, birds') });

      const { photoId } = await photoWithOption(page);
      await page.goto(`/photo/${photoId}`);
      await expect(page.getByRole('heading', { name: 'Print Options' })).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('photo page') });
      await page.getByRole('button', { name: /full screen/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoA11yViolations(page, { label: label('photo full screen') });
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/about');
      await expect(page.locator('main img').first()).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('about') });

      await page.goto('/faq');
      await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
      await settled(page);
      // An accordion button or a <details> summary: either way the first answer opens.
      const question = page.locator('main [aria-expanded], main summary').first();
      await question.click();
      await expect(page.locator('main [aria-expanded="true"], main details[open]').first()).toBeVisible();
      await expectNoA11yViolations(page, { label: label('FAQ, an answer open') });

      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
      await expectNoA11yViolations(page, { label: label('contact, field errors') });

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expectNoA11yViolations(page, { label: label('404') });

      const token = await orderPageToken(page, db);
      await page.goto(`/orders/${token}`);
      await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('order page') });
    });

    test('the cart, a toast and both checkout steps pass axe', async ({ page }) => {
      const label = (what: string) => `${what} (${size.name})`;
      const { photoId } = await photoWithOption(page);
      await page.goto(`/photo/${photoId}`);
      await page.getByRole('group', { name: 'Print Options' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
      await expectWellFormedToasts(page, 'Added to cart');
      await expectNoA11yViolations(page, { label: label('cart open, with a toast') });

      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const details = page.getByRole('form', { name: 'Your details' });
      await expect(details.getByLabel('Full Name')).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('checkout details') });

      await details.getByLabel('Full Name').fill('Rachel Carson');
      await details.getByLabel('Email').fill(`rachel-${stamp()}@example.com`);
      await fillAddress(page, buyer('').address);
      await details.getByRole('button', { name: 'Continue to Payment' }).click();
      const payment = page.getByRole('form', { name: 'Payment' });
      await expect(payment.getByLabel('Card number')).toBeVisible();
      await settled(page);
      await expectNoA11yViolations(page, { label: label('checkout payment') });
    });

    test('a toast on a page is one well-formed live region', async ({ page }) => {
      // Typed once the app runs (what is typed before is item 9's test).
      await page.goto('/contact', { waitUntil: 'networkidle' });
      await page.getByLabel('Name').fill('Rosa Park');
      await page.getByLabel('Email').fill('rosa@example.com');
      await page.getByLabel('Message').fill('Do you sell the heron print in 20x30?');
      // The live region is in the page before the toast, so screen readers announce what enters it.
      await page.getByRole('region', { name: /^Notifications/ }).evaluate((section) => {
        for (const region of section.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
          region.setAttribute('data-present-before', '');
        }
      });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectWellFormedToasts(page, 'Message Sent!');
      const announcedBy = await page
        .getByText('Message Sent!', { exact: true })
        .evaluate(
          (title) =>
            title.closest('[aria-live], [role="status"], [role="alert"]')?.outerHTML.slice(0, 80) ?? null,
        );
      expect(announcedBy, 'the toast is inside a live region').not.toBeNull();
      expect(announcedBy, 'that live region was there before the toast').toContain('data-present-before');
      await expectNoA11yViolations(page, { label: `contact, toast (${size.name})` });
    });

    test('keyboard focus rings stand out where they sit', async ({ page }) => {
      // FOCUS_SHOTS_DIR=/some/dir keeps a screenshot of each focused element, to look at the rings.
      const shot = async (name: string) => {
        const dir = process.env.FOCUS_SHOTS_DIR;
        if (dir) await page.screenshot({ path: `${dir}/focus-${name}-${size.name}.png` });
      };
      // The scroll cue bobs unless motion is reduced: a still page is measured.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const heroImage = page.getByRole('region', { name: 'Welcome' }).locator('img').first();
      await expect(heroImage).toBeVisible();
      await expect.poll(() => heroImage.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      await settled(page);

      const targets = [
        { name: 'logo', locator: page.getByRole('link', { name: /, home$/ }) },
        { name: 'cart', locator: page.getByRole('button', { name: /^Open cart/ }) },
        { name: 'view-portfolio', locator: page.getByRole('link', { name: 'View Portfolio', exact: true }) },
        { name: 'scroll-down', locator: page.getByRole('button', { name: 'Scroll down' }) },
      ];
      for (const target of targets) {
        await tabTo(page, target.locator, target.name);
        await shot(target.name);
        await expectFocusRingContrast(page, `${target.name} (${size.name})`);
        await expectNoA11yViolations(page, { label: `${target.name} focused (${size.name})` });
      }

      // A button on a light section and a link in the dark footer.
      await tabTo(page, page.getByRole('link', { name: 'View Full Portfolio' }), 'View Full Portfolio');
      await expectFocusRingContrast(page, `View Full Portfolio (${size.name})`);
      const footerLink = page.getByRole('navigation', { name: 'Footer' }).getByRole('link').first();
      await tabTo(page, footerLink, 'a footer link');
      await shot('footer');
      await expectFocusRingContrast(page, `footer link (${size.name})`);

      // The full-screen photo on its dark surround, and its Close button.
      const { photoId } = await photoWithOption(page);
      await page.goto(`/photo/${photoId}`);
      const open = page.getByRole('button', { name: /full screen/ });
      await tabTo(page, open, 'the full-screen button');
      await shot('full-screen');
      await expectFocusRingContrast(page, `full-screen button (${size.name})`);
      await page.keyboard.press('Enter');
      const close = page.getByRole('dialog').getByRole('button', { name: 'Close' });
      await expect(close).toBeVisible();
      if (!(await close.evaluate((element) => element === document.activeElement))) {
        await tabTo(page, close, 'the viewer Close button');
      }
      await shot('viewer-close');
      await expectFocusRingContrast(page, `viewer Close (${size.name})`);

      // A FAQ question on the light page.
      await page.goto('/faq');
      await tabTo(page, page.locator('main summary').first(), 'the first FAQ question');
      await expectFocusRingContrast(page, `FAQ question (${size.name})`);
    });
  });
}

test.describe('storefront accessibility (phone menu)', () => {
  test.use(phone);

  test('the mobile menu passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).or(page.getByText('Open menu')).first().click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'mobile menu (phone)' });
  });
});
