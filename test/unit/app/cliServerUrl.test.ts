import { expect } from 'chai';
import { ConfigError } from '../../../src/app/config/loadConfig.js';
import { serverUrl } from '../../../src/app/cli/serverUrl.js';
import { refusalInFlags } from '../../../src/app/cli/refusalInFlags.js';

describe('how the CLI verbs find a running gwsim and tell its refusals', () => {
  it('takes --url, else GWSIM_URL, else http://HOST:PORT as gwsim serve reads them, saying which', () => {
    const env = { GWSIM_URL: 'http://gw.example:9000', PORT: '9100', HOST: '10.0.0.5' };
    expect(serverUrl('http://other:1', env)).to.deep.equal({ url: 'http://other:1', from: '--url' });
    expect(serverUrl(undefined, env)).to.deep.equal({ url: 'http://gw.example:9000', from: 'GWSIM_URL' });
    expect(serverUrl(undefined, { PORT: '9100', HOST: '10.0.0.5' })).to.deep.equal({
      url: 'http://10.0.0.5:9100',
      from: 'HOST=10.0.0.5 and PORT=9100',
    });
    expect(serverUrl(undefined, {}).url).to.equal('http://127.0.0.1:8111');
  });

  it('reaches a wildcard HOST on this machine and brackets an IPv6 one', () => {
    expect(serverUrl(undefined, { HOST: '0.0.0.0', PORT: '9000' }).url).to.equal('http://127.0.0.1:9000');
    expect(serverUrl(undefined, { HOST: '::', PORT: '9000' }).url).to.equal('http://[::1]:9000');
    expect(serverUrl(undefined, { HOST: '::1', PORT: '9000' }).url).to.equal('http://[::1]:9000');
  });

  it('refuses an unusable value naming its flag or variable', () => {
    for (const [flag, env, named] of [
      ['ftp://x', {}, '--url'],
      [undefined, { GWSIM_URL: 'nowhere' }, 'GWSIM_URL'],
      [undefined, { PORT: '0' }, 'PORT'],
      [undefined, { PORT: 'http' }, 'PORT'],
    ] as const) {
      expect(() => serverUrl(flag, env))
        .to.throw(ConfigError)
        .with.property('message')
        .that.contains(named);
    }
  });

  it("tells a refusal in flags: the fields the error names, the server's wire hints, and the credentials", () => {
    const lines = refusalInFlags(
      'snapshots save',
      409,
      {
        code: 'SNAPSHOT_EXISTS',
        message: "lab 'x' has a snapshot 'a' already: send replace: true to replace it, or choose another name",
        details: [{ field: 'name', message: "'a' is taken (replace: true replaces it)" }],
      },
      '',
      { name: '<name>', lab: '--lab', replace: '--replace' },
      { user: 'anadmin', lab: 'x' },
    );
    expect(lines).to.deep.equal([
      "gwsim: snapshots save: 409 SNAPSHOT_EXISTS: lab 'x' has a snapshot 'a' already: use --replace to replace it, or choose another name",
      "  <name>: 'a' is taken (--replace replaces it)",
    ]);
    const offset = refusalInFlags(
      'sip on',
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'request body is invalid: portOffset must not be greater than 60000',
        details: [{ field: 'portOffset', message: 'portOffset must not be greater than 60000' }],
      },
      '',
      { portOffset: '--offset' },
      { user: 'anadmin', lab: 'default' },
    );
    expect(offset).to.deep.equal(['gwsim: sip on: 400 VALIDATION_FAILED: --offset must not be greater than 60000']);
    const denied = refusalInFlags(
      'labs list',
      401,
      { code: 'INVALID_CREDENTIALS', message: 'no' },
      '',
      {},
      {
        user: 'bob',
        lab: 'default',
      },
    );
    expect(denied[0]).to.contain("user 'bob'").and.contain('--user and --password');
  });
});
