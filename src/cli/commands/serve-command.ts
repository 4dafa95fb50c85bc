/** serve: the local web page. */
import { openRepo } from '../../api/repo.js';
import { startWebServer } from '../../web/server.js';
import { progressReporter } from '../progress.js';
import { DEFAULT_HOST, LOCATION_OPTIONS, PORT_RANGE, int, repoOf, str, type Command } from '../command.js';

const DEFAULT_PORT = 7878;

export const serveCommand: Command = {
  name: 'serve',
  usage: 'codectx serve [--repo DIR] [--index-dir DIR] [--port N] [--host ADDR]',
  summary: 'a small local web page to ask for a task\'s files and search symbols (127.0.0.1 by default)',
  positionals: [],
  options: {
    ...LOCATION_OPTIONS,
    port: { type: 'string', help: `the port; 0 picks a free one (default: ${DEFAULT_PORT})` },
    host: { type: 'string', help: `the address to listen on (default: ${DEFAULT_HOST})` },
  },
  async run(values) {
    const port = int(values, 'port', DEFAULT_PORT, PORT_RANGE);
    const reporter = progressReporter();
    const handle = await openRepo({ repo: await repoOf(values), indexDir: str(values, 'index-dir'), update: true, onProgress: reporter.update });
    reporter.finish();
    const { server, url } = await startWebServer(handle, port, str(values, 'host') ?? DEFAULT_HOST);
    process.stdout.write(`codectx serving ${handle.repo} at ${url} (Ctrl-C to stop)\n`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => server.close(() => resolve())));
    handle.close();
  },
};
