/** `orderflow view`: the read-only web viewer over the reports folder, until Ctrl-C. */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../../base/errors.js';
import { loadConfig } from '../../config/config.js';
import { displayPath } from '../../base/display-path.js';
import { LOOPBACK_HOSTS, startViewServer, type ViewServer } from '../../view/view-server.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export const DEFAULT_VIEW_PORT = 4780;

export interface ViewOptions {
  config?: string;
  /** A whole number from the command line, or the text typed when it was not one. */
  port?: number | string;
  dir?: string;
  host?: string;
}

export async function viewCommand(options: ViewOptions, output: Output): Promise<number> {
  const port = options.port ?? DEFAULT_VIEW_PORT;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65_535)
    throw new InputError({
      file: '--port',
      message: `"${String(port)}" is not a port`,
      expected: 'a whole number from 0 (any free port) to 65535',
      severity: 'error',
    });
  const host = options.host ?? '127.0.0.1';
  if (host.trim() === '' || /[\s/]/.test(host))
    throw new InputError({ file: '--host', message: `"${host}" is not a host`, expected: 'an address such as 127.0.0.1 or 0.0.0.0', severity: 'error' });
  const { config } = await loadConfig(options.config);
  const dir = resolve(options.dir ?? config.paths.reports);
  // A folder named on the command line must be there; the config's may not be yet (no run so far): the viewer shows the runs as they come.
  if (options.dir !== undefined && !(existsSync(dir) && statSync(dir).isDirectory()))
    throw new InputError({ file: options.dir, message: 'no such folder', expected: '--dir naming the reports folder of your runs', severity: 'error' });
  if (!LOOPBACK_HOSTS.has(host))
    output.err(
      `warning: --host ${host}: the viewer answers anyone who can reach this address, and the reports hold your prompts, cases and model output; without --host it answers this machine only (127.0.0.1)`,
    );
  let server: ViewServer;
  try {
    server = await startViewServer({ dir, host, port, label: displayPath(dir), baseline: config.baseline ? resolve(config.baseline) : null });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new InputError({
        file: `--port ${port}`,
        message: `cannot listen on ${host}:${port} (${code})`,
        expected:
          code === 'EADDRINUSE'
            ? 'a free port (another orderflow view may hold this one), or --port 0 for any free one'
            : 'a port and host this user may listen on',
        severity: 'error',
      });
    throw error;
  }
  output.out(`orderflow view: ${server.url} (${displayPath(dir)}, read-only)${existsSync(dir) ? '' : ' — no run there yet'}`);
  output.out('Ctrl-C to stop');
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
  output.out('orderflow view: stopped');
  return EXIT_OK;
}
