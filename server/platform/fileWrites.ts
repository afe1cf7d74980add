import { randomBytes } from 'node:crypto';
import { type FileHandle, open, unlink } from 'node:fs/promises';

// The file storage's writes to the disk: a whole buffer in one call, a temporary file beside its
// final name, and the syncs that make a file's bytes and a folder's renames durable.

export async function syncFolder(path: string): Promise<void> {
  // A rename is durable once the folder is synced; some file systems refuse it (then it is moot).
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch {
    /* not supported here */
  } finally {
    await handle.close();
  }
}

/** Syncs a file's bytes to the disk. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes all of `data` from the file's start, in as few calls as the system allows. */
async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  for (let at = 0; at < data.length; ) {
    const { bytesWritten } = await handle.write(data, at, data.length - at, at);
    at += bytesWritten;
  }
}

/**
 * Writes `data` to a temporary file beside `final` and returns its path; synced before it returns
 * unless `sync` is false. `whileWriting` runs while the thread pool writes.
 */
export async function writeStaged(final: string, data: Uint8Array, { sync = true, whileWriting }: { sync?: boolean; whileWriting?: () => void } = {}): Promise<string> {
  const staged = `${final}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(staged, 'w');
  try {
    // One write call for the whole buffer (writeFile would send it to the thread pool in 512 KiB
    // pieces, each waiting for this thread, which is busy with `whileWriting`).
    const writing = writeAll(handle, data);
    whileWriting?.();
    await writing;
    if (sync) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(staged).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return staged;
}
