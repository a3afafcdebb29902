import { createWriteStream } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

/** Readers never see half a report: write beside it, then rename over it. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, content, 'utf8');
  await rename(tmp, path);
}

/** The same for files too large to build as one string: chunks go to a temp file, renamed at the end. */
export async function streamFileAtomic(path: string, write: (chunk: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  const stream = createWriteStream(tmp, { encoding: 'utf8' });
  const chunk = (text: string) =>
    new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      if (stream.write(text)) {
        stream.off('error', reject);
        resolve();
      } else {
        stream.once('drain', () => {
          stream.off('error', reject);
          resolve();
        });
      }
    });
  await write(chunk);
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  await rename(tmp, path);
}
