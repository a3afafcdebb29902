/**
 * Readers never see half a report: each file is written beside its final
 * name and renamed over it once complete. A write that fails (disk full,
 * permissions) removes its temp file, so a failed report step leaves nothing
 * half-written behind.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { TextFileWriter } from '../base/text-file-writer.js';

const tempPath = (path: string) => `${path}.${process.pid}.tmp`;

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const tmp = tempPath(path);
  try {
    await writeFile(tmp, content, 'utf8');
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * The same for files too large to build as one string: chunks go to the temp file as they come.
 * A chunk of bytes may be a view of a buffer the caller reuses: it is written before the next is taken.
 */
export async function streamFileAtomic(path: string, write: (chunk: (text: string | Uint8Array) => Promise<void>) => Promise<void>): Promise<void> {
  const tmp = tempPath(path);
  const writer = new TextFileWriter(tmp);
  try {
    await write((chunk) => (typeof chunk === 'string' ? writer.write(chunk) : writer.writeAndRelease(chunk)));
    await writer.close();
    await rename(tmp, path);
  } catch (error) {
    writer.discard();
    await rm(tmp, { force: true });
    throw error;
  }
}
