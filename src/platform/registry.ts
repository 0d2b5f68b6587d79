/**
 * A named extension point: a list of plug-ins (a catalogue's offer rules, an order's checkout
 * holds, ...) that other modules add to from the composition root, `src/modules.ts`, as
 * `events.subscribe` does for reactions. Each has a stable `module.what-it-does` name; a second
 * plug-in under a name already taken throws when it is added, at start, instead of silently
 * replacing the first. Plug-ins run in the order they were added.
 */
const PLUG_IN_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

export type NamedRegistry<T> = {
  add(name: string, plugIn: T): void;
  /** Every plug-in with its name, in the order added. */
  entries(): readonly { name: string; plugIn: T }[];
};

export function createNamedRegistry<T>(what: string): NamedRegistry<T> {
  const list: { name: string; plugIn: T }[] = [];
  return {
    add(name, plugIn) {
      if (!PLUG_IN_NAME.test(name))
        throw new Error(`${what} "${name}" must be named module.what-it-does (lowercase, dashes)`);
      if (list.some((e) => e.name === name)) throw new Error(`${what} "${name}" is registered twice`);
      list.push({ name, plugIn });
    },
    entries: () => list,
  };
}
