import type { Writable } from 'node:stream';
import { Header, Pax } from 'tar';

/**
 * The few tar operations a backup needs, on node-tar's header encoding: writing entries whose
 * bytes come from a stream (a COPY, a file) and reading entries one after the other, each body
 * consumed as a stream before the next entry is asked for. Pull-based on purpose: a restore feeds
 * each body into Postgres or a file at the pace they accept it, with nothing buffered in between.
 * The output is a plain ustar/pax archive that `tar -tzf` and node-tar read as well.
 */

const BLOCK = 512;
const zeros = Buffer.alloc(BLOCK * 2);
const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export class TarFormatError extends Error {}

/** Writes entries to `out` (a gzip stream, say), waiting for 'drain' when it asks to. */
export class TarWriter {
  private failure: Error | null = null;

  constructor(private readonly out: Writable) {
    out.on('error', (err) => (this.failure ??= err));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        this.out.off('drain', onDrain).off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = () => settle(this.failure ?? undefined);
      const onClose = () =>
        settle(this.failure ?? new Error('the archive stream closed while it was written'));
      this.out.on('drain', onDrain).on('close', onClose);
    });
  }

  /**
   * One regular file of exactly `size` bytes: the body is checked against it, because the size is
   * in the header already (a body of another length would shift every later entry).
   */
  async add(
    path: string,
    size: number,
    body: Buffer | AsyncIterable<Buffer>,
    mtime = new Date(),
  ): Promise<void> {
    const fields = { path, size, mtime, mode: 0o644, uid: 0, gid: 0, uname: '', gname: '' };
    const header = new Header({ ...fields, type: 'File' });
    // too long a path (or too large a size) for the ustar fields: a pax header carries it
    if (header.encode()) await this.write(new Pax(fields).encode());
    await this.write(header.block!);
    let written = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      written += chunk.length;
      if (written > size) break;
      await this.write(chunk);
    }
    if (written !== size) {
      throw new TarFormatError(`${path} changed while it was archived (${written} bytes, expected ${size})`);
    }
    if (padding(size)) await this.write(zeros.subarray(0, padding(size)));
  }

  /** The end-of-archive marker; then ends `out`. */
  async finish(): Promise<void> {
    await this.write(zeros);
    this.out.end();
  }
}

export type TarEntry = {
  path: string;
  size: number;
  mtime?: Date;
  /** The entry's bytes; read it (or not) before asking the reader for the next entry. */
  body(): AsyncGenerator<Buffer>;
};

/** Reads exact byte counts out of a stream of chunks. */
class ByteSource {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;

  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async fill(min: number): Promise<void> {
    while (this.length < min && !this.done) {
      const next = await this.chunks.next();
      if (next.done) this.done = true;
      else if (next.value.length) {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes (fewer only at the end of the stream; empty at the end). */
  async take(max: number): Promise<Buffer> {
    await this.fill(1);
    const first = this.buffered[0];
    if (!first) return Buffer.alloc(0);
    const out = first.length <= max ? first : first.subarray(0, max);
    if (out === first) this.buffered.shift();
    else this.buffered[0] = first.subarray(max);
    this.length -= out.length;
    return out;
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async exactly(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.length < n) return null;
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length -= n;
    return all.subarray(0, n);
  }
}

/** Reads a tar stream entry by entry (regular files only; pax headers are applied). */
export class TarReader {
  private readonly source: ByteSource;
  private unread = 0; // bytes of the current entry's body (and padding) not read yet
  private ended = false;
  private entries = 0; // entries returned so far: an entry's body is readable until the next one

  constructor(chunks: AsyncIterable<Buffer>) {
    this.source = new ByteSource(chunks[Symbol.asyncIterator]());
  }

  private async skip(n: number): Promise<void> {
    for (let left = n; left > 0;) {
      const chunk = await this.source.take(left);
      if (!chunk.length) throw new TarFormatError('the archive ends in the middle of an entry');
      left -= chunk.length;
    }
  }

  private async block(): Promise<Buffer> {
    const block = await this.source.exactly(BLOCK);
    if (!block) throw new TarFormatError('the archive ends before its end-of-archive marker');
    return block;
  }

  /**
   * Reads what follows the end-of-archive marker to the end of the stream (zero padding): a
   * compressed stream checks its own checksum only there. Call it after next() gave null.
   */
  async drain(): Promise<void> {
    if (!this.ended) throw new TarFormatError('the archive has entries left');
    for (let chunk = await this.source.take(BLOCK); chunk.length; chunk = await this.source.take(BLOCK)) {
      if (chunk.some((b) => b !== 0)) throw new TarFormatError('there is data after the end of the archive');
    }
  }

  /** The next entry, or null at the end of the archive. */
  async next(): Promise<TarEntry | null> {
    if (this.ended) return null;
    await this.skip(this.unread);
    this.unread = 0;
    let extended: Pax | undefined;
    for (;;) {
      const block = await this.block();
      const header = new Header(block, 0, extended);
      if (header.nullBlock) {
        this.ended = true;
        return null;
      }
      if (!header.cksumValid) throw new TarFormatError('a tar header has a bad checksum');
      const size = header.size ?? 0;
      if (header.type === 'ExtendedHeader' || header.type === 'GlobalExtendedHeader') {
        const body = await this.source.exactly(size + padding(size));
        if (!body) throw new TarFormatError('the archive ends in the middle of a pax header');
        if (header.type === 'ExtendedHeader') extended = Pax.parse(body.subarray(0, size).toString('utf8'));
        continue;
      }
      if (header.type !== 'File' && header.type !== 'OldFile') {
        throw new TarFormatError(`unexpected ${header.type} entry ${header.path ?? ''} in the archive`);
      }
      this.unread = size + padding(size);
      const index = ++this.entries;
      const path = header.path ?? '';
      return { path, size, mtime: header.mtime, body: () => this.body(index, path, size) };
    }
  }

  private async *body(index: number, path: string, size: number): AsyncGenerator<Buffer> {
    if (index !== this.entries || this.unread !== size + padding(size)) {
      throw new Error(`the body of ${path} can no longer be read`);
    }
    for (let left = size; left > 0;) {
      const chunk = await this.source.take(left);
      if (!chunk.length) throw new TarFormatError('the archive ends in the middle of an entry');
      left -= chunk.length;
      this.unread -= chunk.length;
      yield chunk;
    }
  }
}

/** Reads a whole (small) entry, refusing one larger than `limit` bytes. */
export async function readEntry(entry: TarEntry, limit: number): Promise<Buffer> {
  if (entry.size > limit) throw new TarFormatError(`${entry.path} is too large (${entry.size} bytes)`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body()) chunks.push(chunk);
  return Buffer.concat(chunks);
}
