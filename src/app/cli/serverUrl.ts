import { ConfigError } from '../config/loadConfig.js';

/** The running gwsim a command talks to, and what named it (said when nothing answers there). */
export interface ServerUrl {
  readonly url: string;
  /** `--url`, `GWSIM_URL`, `PORT=9000`, `HOST=… and PORT=…`, or the default. */
  readonly from: string;
}

/** How a user names another gwsim, as every message that cannot reach one says. */
export const CHOOSE_SERVER = '--url, GWSIM_URL or PORT';

function httpUrl(value: string, variable: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw ConfigError.unusable(
      variable,
      `${variable} must be an http(s) URL such as http://127.0.0.1:8111, not '${value}'`,
    );
  return value.replace(/\/+$/, '');
}

/** The host a client connects to for the address `gwsim serve` listens on (a wildcard is this machine). */
function connectHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Where the command-line verbs find a running gwsim: `--url`, else `GWSIM_URL`, else `http://HOST:PORT` as
 * `gwsim serve` reads them (127.0.0.1 and 8111 by default; a wildcard HOST is this machine). A value that is
 * not usable is a ConfigError naming the flag or variable (exit code 2).
 */
export function serverUrl(flag: string | undefined, env: NodeJS.ProcessEnv): ServerUrl {
  if (flag !== undefined) return { url: httpUrl(flag, '--url'), from: '--url' };
  const named = env['GWSIM_URL'];
  if (named !== undefined && named !== '') return { url: httpUrl(named, 'GWSIM_URL'), from: 'GWSIM_URL' };
  const port = env['PORT'] || undefined;
  const host = env['HOST'] || undefined;
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    throw ConfigError.unusable(
      'PORT',
      `PORT must be the port gwsim serves on, 1 to 65535, not '${port}' (or name the server with --url or GWSIM_URL)`,
    );
  const url = `http://${connectHost(host ?? '127.0.0.1')}:${port ?? '8111'}`;
  if (!URL.canParse(url))
    throw ConfigError.unusable(
      'HOST',
      `HOST must be a host name or IP address, not '${host}' (or name the server with --url)`,
    );
  const from = [host ? `HOST=${host}` : '', port ? `PORT=${port}` : ''].filter(Boolean).join(' and ');
  return { url, from: from || 'the default, GWSIM_URL and PORT being unset' };
}
