import { createContext, useContext, type ComponentType } from 'react';
import type { IslandName } from './island-names';

/**
 * The islands a server render placed (entry-server.tsx collects them: the page's script lists
 * their chunks). Unset in the browser.
 */
export const IslandsPlaced = createContext<Set<IslandName> | null>(null);

/** The attribute naming an island's component; its props are in `data-props` (JSON). */
export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * An interactive part of a storefront page: rendered whole by the server like the rest, and in the
 * browser hydrated on its own as a React root (start-islands.tsx) from the props written beside
 * its HTML, with no router, Redux or RTK Query. Its props are JSON; it reads the site's facts
 * (useSite), the cart and the toasts from stores every island shares. Inside the React app
 * (checkout, the order page, the admin) it renders in place, in the app's tree.
 * The wrapper is `display: contents` (base.css): it adds no box to the layout.
 */
export function defineIsland<P extends object>(name: IslandName, Component: ComponentType<P>) {
  function Island(props: P) {
    useContext(IslandsPlaced)?.add(name);
    return (
      <div data-island={name} data-props={JSON.stringify(props)} className="island">
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
