// A storefront page's script once it has painted (main.tsx): hydrates each island of the page as a
// React root of its own, then says the page is ready. No router, Redux or RTK Query is loaded.
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { APP_READY_EVENT } from '../lib/early-clicks';
import { nextTask } from '../lib/next-task';
import { SiteContext, siteInfo } from '../lib/site-context';
import { SiteOriginContext } from '../lib/site-origin';
import { ISLAND_ATTRIBUTE } from './island';
import { ISLANDS_DATA_ID, type IslandsData } from './islands-data';
import { ISLANDS, type IslandName } from './registry';

/** Runs its callback once its root has committed (hydration included). */
function Committed({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

function readData(): IslandsData {
  const script = document.getElementById(ISLANDS_DATA_ID);
  return JSON.parse(script?.textContent || '{}') as IslandsData;
}

/** Hydrates one island; resolves once it is interactive. A failed chunk leaves its HTML as it is. */
async function hydrate(element: HTMLElement, wrap: (node: ReactNode) => ReactNode): Promise<void> {
  const entry = ISLANDS[element.getAttribute(ISLAND_ATTRIBUTE) as IslandName];
  if (!entry) return;
  const { default: Component } = (await entry.load()) as { default: ComponentType<object> };
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  await nextTask();
  await new Promise<void>((resolve) =>
    // In a transition, hydration yields to the browser every few milliseconds: the page stays
    // responsive (no long task) while each island becomes interactive.
    startTransition(() => {
      hydrateRoot(
        element,
        wrap(
          <>
            <Component {...props} />
            <Committed then={resolve} />
          </>,
        ),
      );
    }),
  );
}

/** A root of its own for what the server never renders (the toasts, the PWA prompts). */
function mount(node: ReactNode): void {
  const element = document.createElement('div');
  document.body.append(element);
  createRoot(element).render(node);
}

export async function startIslands(): Promise<void> {
  const { origin, site } = readData();
  const info = siteInfo(site ?? undefined);
  const wrap = (node: ReactNode) => (
    <SiteOriginContext value={origin || window.location.origin}>
      <SiteContext value={info}>{node}</SiteContext>
    </SiteOriginContext>
  );
  const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  await Promise.all(islands.map((element) => hydrate(element, wrap).catch((err) => console.error(err))));
  window.dispatchEvent(new Event(APP_READY_EVENT));
  // After the page is interactive: the PWA's prompts.
  const { PwaHost } = await import('../app/pwa/pwa-host');
  mount(<PwaHost pathname={window.location.pathname} locationsVersion={site?.locationsVersion ?? null} />);
}
