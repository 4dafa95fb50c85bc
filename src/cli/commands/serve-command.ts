/** serve: the local web page. */
import { openRepo } from '../../api/repo.js';
import { startWebServer } from '../../web/server.js';
import { progressReporter } from '../progress.js';
import { PORT_RANGE, REPO_OPTIONS, int, str, type Command } from '../command.js';

export const serveCommand: Command = {
  name: 'serve',
  usage: 'codectx serve [--repo DIR] [--index-dir DIR] [--port N] [--host ADDR]',
  summary: 'a small local web page to ask for a task\'s files and search symbols (127.0.0.1 by default)',
  options: { ...REPO_OPTIONS, port: { type: 'string' }, host: { type: 'string' } },
  async run(values) {
    const port = int(values, 'port', 7878, PORT_RANGE);
    const reporter = progressReporter();
    const handle = await openRepo({ repo: str(values, 'repo') ?? '.', indexDir: str(values, 'index-dir'), update: true, onProgress: reporter.update });
    reporter.finish();
    const { server, url } = await startWebServer(handle, port, str(values, 'host') ?? '127.0.0.1');
    process.stdout.write(`codectx serving ${handle.repo} at ${url} (Ctrl-C to stop)\n`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => server.close(() => resolve())));
    handle.close();
  },
};
