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

/** The same for files too large to build as one string: chunks go to the temp file as they come. */
export async function streamFileAtomic(path: string, write: (chunk: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
  const tmp = tempPath(path);
  const writer = new TextFileWriter(tmp);
  try {
    await write((text) => writer.write(text));
    await writer.close();
    await rename(tmp, path);
  } catch (error) {
    writer.discard();
    await rm(tmp, { force: true });
    throw error;
  }
}
