import { expect } from 'chai';
import path from 'node:path';
import { ConfigError, defaultLogFormat, loadConfig } from '../../../src/app/config/loadConfig.js';

function refusal(env: Record<string, string>, argv: string[] = []): ConfigError {
  try {
    loadConfig(env, argv, '/srv');
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration from environment and flags', () => {
  it('defaults to 127.0.0.1:8111 on the embedded store in ./.gwsim/data with the default admin password', () => {
    const config = loadConfig({}, [], '/srv');
    expect(config).to.include({
      port: 8111,
      host: '127.0.0.1',
      databaseUrl: undefined,
      ephemeral: false,
      adminPassword: 'anadmin',
      adminPasswordIsDefault: true,
      logLevel: 'info',
    });
    expect(config.dataDir).to.equal(path.join('/srv', '.gwsim', 'data'));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        GWSIM_DATA_DIR: 'state',
        GWSIM_ADMIN_PASSWORD: 'Secret-1',
        LOG_LEVEL: 'DEBUG',
        GWSIM_KDF_COST: '12',
        GWSIM_SESSION_IDLE_MINUTES: '5',
      },
      [],
      '/srv',
    );
    expect(config).to.include({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/state',
      adminPassword: 'Secret-1',
      adminPasswordIsDefault: false,
      logLevel: 'debug',
      kdfCost: 12,
      sessionIdleMinutes: 5,
    });
  });

  it('uses the PostgreSQL server of DATABASE_URL and then keeps no data directory', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/gwsim' }, [], '/srv');
    expect(config.databaseUrl).to.equal('postgres://postgres@127.0.0.1:5432/gwsim');
    expect(config.dataDir).to.equal(undefined);
  });

  it('lets serve flags override the environment, and --ephemeral keep the data in memory', () => {
    const config = loadConfig({ PORT: '9000' }, ['--port', '9100', '--host=::1', '--ephemeral'], '/srv');
    expect(config).to.include({ port: 9100, host: '::1', ephemeral: true, dataDir: undefined });
  });

  it('refuses each invalid value with a one-line message naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ HOST: 'not a host!' }, 'HOST'],
      [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
      [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
      [{ GWSIM_DATA_DIR: ' ' }, 'GWSIM_DATA_DIR'],
      [{ GWSIM_ADMIN_PASSWORD: '' }, 'GWSIM_ADMIN_PASSWORD'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ GWSIM_KDF_COST: '4' }, 'GWSIM_KDF_COST'],
    ];
    for (const [env, variable] of cases) {
      const error = refusal(env);
      expect(error.variable, JSON.stringify(env)).to.equal(variable);
      expect(error.message).to.contain(variable).and.not.contain('\n');
    }
  });

  it('reads GWSIM_EPHEMERAL as a switch and refuses a value that is neither on nor off', () => {
    for (const on of ['1', 'true', 'YES'])
      expect(loadConfig({ GWSIM_EPHEMERAL: on }, [], '/srv'), on).to.include({ ephemeral: true, dataDir: undefined });
    for (const off of ['', '0', 'false', 'no'])
      expect(loadConfig({ GWSIM_EPHEMERAL: off }, [], '/srv'), off).to.include({
        ephemeral: false,
        dataDir: '/srv/.gwsim/data',
      });
    for (const invalid of ['on', '2', 'ephemeral']) {
      const error = refusal({ GWSIM_EPHEMERAL: invalid });
      expect(error.variable, invalid).to.equal('GWSIM_EPHEMERAL');
      expect(error.message).to.contain('GWSIM_EPHEMERAL').and.not.contain('\n');
    }
  });

  it('counts the well-known administrator password as the default also when GWSIM_ADMIN_PASSWORD sets it explicitly', () => {
    expect(loadConfig({ GWSIM_ADMIN_PASSWORD: 'anadmin' }, [], '/srv')).to.include({
      adminPassword: 'anadmin',
      adminPasswordIsDefault: true,
    });
    expect(loadConfig({}, ['--admin-password', 'anadmin'], '/srv')).to.include({ adminPasswordIsDefault: true });
  });

  it('refuses unknown flags and flags without a value', () => {
    expect(refusal({}, ['--prot', '1']).message).to.contain('--prot');
    expect(refusal({}, ['--port']).message).to.contain('needs a value');
  });

  it('runs the demo unless --no-demo or GWSIM_DEMO says off, and refuses a GWSIM_DEMO that is neither on nor off', () => {
    expect(loadConfig({}, [], '/srv').demo).to.equal(true);
    expect(loadConfig({ GWSIM_DEMO: '1' }, [], '/srv').demo).to.equal(true);
    expect(loadConfig({ GWSIM_DEMO: '0' }, [], '/srv').demo).to.equal(false);
    expect(loadConfig({ GWSIM_DEMO: 'no' }, [], '/srv').demo).to.equal(false);
    expect(loadConfig({}, ['--no-demo'], '/srv').demo).to.equal(false);
    expect(loadConfig({ GWSIM_DEMO: '1' }, ['--no-demo'], '/srv').demo, 'the flag wins').to.equal(false);
    const error = refusal({ GWSIM_DEMO: 'maybe' }, []);
    expect(error.variable).to.equal('GWSIM_DEMO');
    expect(error.message).to.contain('maybe').and.not.contain('\n');
  });

  it('keeps real SIP off unless --sip or GWSIM_SIP says on; GWSIM_SIP_HOST (or --sip-host) is the bind address, 127.0.0.1 by default', () => {
    expect(loadConfig({}, [], '/srv')).to.include({ sip: false, sipHost: '127.0.0.1' });
    expect(loadConfig({ GWSIM_SIP: '1' }, [], '/srv').sip).to.equal(true);
    expect(loadConfig({ GWSIM_SIP: 'no' }, [], '/srv').sip).to.equal(false);
    expect(loadConfig({ GWSIM_SIP: '0' }, ['--sip'], '/srv').sip, 'the flag wins').to.equal(true);
    expect(loadConfig({ GWSIM_SIP_HOST: '0.0.0.0' }, [], '/srv').sipHost).to.equal('0.0.0.0');
    expect(loadConfig({ GWSIM_SIP_HOST: '0.0.0.0' }, ['--sip-host', '::1'], '/srv').sipHost).to.equal('::1');
    const switchError = refusal({ GWSIM_SIP: 'maybe' }, []);
    expect(switchError.variable).to.equal('GWSIM_SIP');
    expect(switchError.message).to.contain('maybe');
    expect(refusal({ GWSIM_SIP_HOST: 'not a host' }, []).variable).to.equal('GWSIM_SIP_HOST');
  });

  it('reads GWSIM_SIP_ADVERTISE (or --sip-advertise) as the address SIP names itself by: unset when empty, an IPv6 address without its brackets', () => {
    expect(loadConfig({}, [], '/srv').sipAdvertise).to.equal(undefined);
    expect(loadConfig({ GWSIM_SIP_ADVERTISE: '' }, [], '/srv').sipAdvertise, 'compose passes it empty').to.equal(
      undefined,
    );
    expect(loadConfig({ GWSIM_SIP_ADVERTISE: ' 192.0.2.10 ' }, [], '/srv').sipAdvertise).to.equal('192.0.2.10');
    expect(loadConfig({ GWSIM_SIP_ADVERTISE: 'sbc.lab.test' }, [], '/srv').sipAdvertise).to.equal('sbc.lab.test');
    expect(loadConfig({ GWSIM_SIP_ADVERTISE: '[2001:db8::5]' }, [], '/srv').sipAdvertise).to.equal('2001:db8::5');
    expect(loadConfig({ GWSIM_SIP_ADVERTISE: '2001:db8::5' }, [], '/srv').sipAdvertise).to.equal('2001:db8::5');
    expect(
      loadConfig({ GWSIM_SIP_ADVERTISE: '192.0.2.10' }, ['--sip-advertise', '198.51.100.7'], '/srv').sipAdvertise,
      'the flag wins',
    ).to.equal('198.51.100.7');
    expect(loadConfig({ GWSIM_SIP_HOST: '0.0.0.0' }, [], '/srv').sipAdvertise, 'chosen later, not here').to.equal(
      undefined,
    );
  });

  it('refuses a GWSIM_SIP_ADVERTISE that is no address or host name, or a wildcard no peer can send to, naming it', () => {
    for (const bad of [
      'not a host',
      'sip:192.0.2.10',
      '192.0.2.10:5060x',
      '1:2:3',
      '0.0.0.0',
      '::',
      '[::]',
      '0:0::0',
    ]) {
      const error = refusal({ GWSIM_SIP_ADVERTISE: bad }, []);
      expect(error.variable, bad).to.equal('GWSIM_SIP_ADVERTISE');
      expect(error.message, bad).to.contain(bad).and.contain('GWSIM_SIP_ADVERTISE').and.not.contain('\n');
    }
    expect(refusal({}, ['--sip-advertise', '0.0.0.0']).variable).to.equal('GWSIM_SIP_ADVERTISE');
  });

  it('runs the simulator in a thread of its own unless GWSIM_SIMULATOR_THREAD says off; anything else is refused naming it', () => {
    expect(loadConfig({}, [], '/srv').simulatorThread).to.equal(true);
    expect(loadConfig({ GWSIM_SIMULATOR_THREAD: '1' }, [], '/srv').simulatorThread).to.equal(true);
    expect(loadConfig({ GWSIM_SIMULATOR_THREAD: '0' }, [], '/srv').simulatorThread).to.equal(false);
    expect(loadConfig({ GWSIM_SIMULATOR_THREAD: 'no' }, [], '/srv').simulatorThread).to.equal(false);
    const error = refusal({ GWSIM_SIMULATOR_THREAD: 'sometimes' }, []);
    expect(error.variable).to.equal('GWSIM_SIMULATOR_THREAD');
    expect(error.message).to.contain('sometimes').and.not.contain('\n');
  });

  it('keeps CORS off unless GWSIM_CORS_ORIGINS lists origins or says *', () => {
    expect(loadConfig({}, [], '/srv').corsOrigins).to.equal(undefined);
    expect(loadConfig({ GWSIM_CORS_ORIGINS: ' ' }, [], '/srv').corsOrigins).to.equal(undefined);
    expect(loadConfig({ GWSIM_CORS_ORIGINS: '*' }, [], '/srv').corsOrigins).to.equal('*');
    expect(
      loadConfig(
        { GWSIM_CORS_ORIGINS: 'https://Tool.Example:8443, http://localhost:3000/,https://tool.example:8443' },
        [],
        '/srv',
      ).corsOrigins,
    ).to.deep.equal(['https://tool.example:8443', 'http://localhost:3000']);
    expect(
      loadConfig({ GWSIM_CORS_ORIGINS: 'https://a.example' }, ['--cors-origins', 'https://b.example'], '/srv')
        .corsOrigins,
    ).to.deep.equal(['https://b.example']);
    for (const invalid of [
      'tool.example',
      'https://tool.example/path',
      'ftp://tool.example',
      '*, https://tool.example',
      'https://user@tool.example',
      'https://tool.example?x=1',
    ]) {
      const error = refusal({ GWSIM_CORS_ORIGINS: invalid });
      expect(error.variable, invalid).to.equal('GWSIM_CORS_ORIGINS');
      expect(error.message).to.contain('GWSIM_CORS_ORIGINS').and.not.contain('\n');
    }
  });

  it('writes readable lines at a terminal and JSON lines otherwise, unless LOG_FORMAT says which; refuses other formats', () => {
    expect(loadConfig({}, [], '/srv').logFormat).to.equal('json');
    expect(loadConfig({}, [], '/srv', true).logFormat, 'at a terminal').to.equal('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, [], '/srv', true).logFormat, 'asked for').to.equal('json');
    expect(loadConfig({ LOG_FORMAT: ' ' }, [], '/srv', true).logFormat, 'empty: the default').to.equal('pretty');
    expect(loadConfig({}, ['--log-format', 'json'], '/srv', true).logFormat).to.equal('json');
    expect(defaultLogFormat(true)).to.equal('pretty');
    expect(defaultLogFormat(false)).to.equal('json');
    expect(loadConfig({ LOG_FORMAT: 'Pretty' }, [], '/srv').logFormat).to.equal('pretty');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, ['--log-format', 'json'], '/srv').logFormat).to.equal('json');
    expect(refusal({ LOG_FORMAT: 'text' }).variable).to.equal('LOG_FORMAT');
  });

  it('keeps 10,000 journal entries per lab unless GWSIM_JOURNAL_SIZE (or --journal-size) says otherwise, within 1 to 1,000,000', () => {
    expect(loadConfig({}, [], '/srv').journalSize).to.equal(10_000);
    expect(loadConfig({ GWSIM_JOURNAL_SIZE: '500' }, [], '/srv').journalSize).to.equal(500);
    expect(loadConfig({ GWSIM_JOURNAL_SIZE: '500' }, ['--journal-size', '42'], '/srv').journalSize).to.equal(42);
    for (const value of ['0', '1000001', 'many', '-5'])
      expect(refusal({ GWSIM_JOURNAL_SIZE: value }).variable, value).to.equal('GWSIM_JOURNAL_SIZE');
  });

  it('advertises no URL unless GWSIM_ADVERTISE_URL (or --advertise-url) gives an http(s) URL with no path', () => {
    expect(loadConfig({}, [], '/srv').advertiseUrl).to.equal(undefined);
    expect(loadConfig({ GWSIM_ADVERTISE_URL: 'http://10.0.0.5:8111' }, [], '/srv').advertiseUrl).to.equal(
      'http://10.0.0.5:8111',
    );
    expect(loadConfig({}, ['--advertise-url', 'https://gw-2.lab:8443/'], '/srv').advertiseUrl).to.equal(
      'https://gw-2.lab:8443/',
    );
    for (const value of ['10.0.0.5:8111', 'ftp://host', 'http://host:8111/api', 'http://host?x=1']) {
      expect(refusal({ GWSIM_ADVERTISE_URL: value }).variable, value).to.equal('GWSIM_ADVERTISE_URL');
    }
  });

  it('leaves the metrics open unless GWSIM_METRICS_TOKEN sets a token of 16 or more printable characters', () => {
    expect(loadConfig({}, [], '/srv').metricsToken).to.equal(undefined);
    expect(loadConfig({ GWSIM_METRICS_TOKEN: 'abcdefghijklmnop' }, [], '/srv').metricsToken).to.equal(
      'abcdefghijklmnop',
    );
    expect(loadConfig({ GWSIM_METRICS_TOKEN: '' }, [], '/srv').metricsToken, 'empty: open').to.equal(undefined);
    for (const invalid of ['short', 'with spaces in the token'])
      expect(refusal({ GWSIM_METRICS_TOKEN: invalid }).variable).to.equal('GWSIM_METRICS_TOKEN');
  });
});
