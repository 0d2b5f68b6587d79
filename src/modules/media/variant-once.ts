/**
 * Runs work for one asset at a time inside this process, in arrival order. Across processes the
 * asset's advisory lock (`withVariantLock`) does it; this keeps a process's requests and jobs for
 * one asset from each holding a pooled connection while they wait for that lock.
 */
export function createAssetQueue() {
  const tails = new Map<number, Promise<unknown>>();
  return function run<T>(assetId: number, work: () => Promise<T>): Promise<T> {
    const result = (tails.get(assetId) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(assetId, tail);
    void tail.then(() => {
      if (tails.get(assetId) === tail) tails.delete(assetId);
    });
    return result;
  };
}
