import type { AppContext } from '../platform/context';
import type { Modules } from '../modules';

/** Fills an empty shop with generated demo content. Does nothing when photos already exist. */
export async function seedDemoData(_ctx: AppContext, _modules: Modules): Promise<void> {
  // Filled in with the storefront: generated photos, categories, print options, about, FAQs.
}
