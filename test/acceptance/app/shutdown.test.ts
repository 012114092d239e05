import { expect } from 'chai';
import { injectable } from 'inversify';
import { operation } from '../../../src/shared/interface/http/Operation.js';
import { Reply } from '../../../src/shared/interface/http/Reply.js';
import { TestGateway } from '../../support/TestGateway.js';

/** A request that stays in flight until the test lets it finish. */
@injectable()
class SlowController {
  static release: () => void = () => undefined;
  static started: Promise<void>;
  private static markStarted: () => void = () => undefined;

  static reset(): void {
    SlowController.started = new Promise((resolve) => {
      SlowController.markStarted = resolve;
    });
  }

  async answer() {
    SlowController.markStarted();
    await new Promise<void>((resolve) => {
      SlowController.release = resolve;
    });
    return Reply.text('finished');
  }
}

const SLOW = operation({
  area: 'test',
  method: 'GET',
  path: '/api/test/slow',
  version: 0,
  permissions: ['API'],
  body: 'none',
  summary: 'waits for the test',
  controller: SlowController,
  handle: (c) => c.answer(),
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new connections, then closes the store', async () => {
    SlowController.reset();
    const gateway = await TestGateway.start({
      overTcp: true,
      extraOperations: { operations: [SLOW], controllers: [SlowController] },
    });
    const admin = gateway.admin();
    expect((await admin.get('/api/version/get')).status).to.equal(200);

    const inFlight = admin.get('/api/test/slow', { cookie: false });
    await SlowController.started;
    let stopped = false;
    const stopping = gateway.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped, 'stop waits for the request in flight').to.equal(false);

    let refused: unknown;
    try {
      await gateway.client('anadmin', 'x').get('/api/version/get');
    } catch (error) {
      refused = error;
    }
    expect(refused, 'a new connection after stop began is refused').to.be.instanceOf(Error);

    SlowController.release();
    const response = await inFlight;
    expect(response.status).to.equal(200);
    expect(response.text).to.equal('finished');
    await stopping;
    expect(stopped).to.equal(true);
  });

  it('closes a keep-alive connection once its request in flight is answered, instead of waiting for the grace period', async () => {
    SlowController.reset();
    const gateway = await TestGateway.start({
      overTcp: true,
      extraOperations: { operations: [SLOW], controllers: [SlowController] },
    });
    const admin = gateway.admin();
    // The same keep-alive connection first serves a quick request, then the slow one.
    expect((await admin.get('/api/version/get')).status).to.equal(200);
    const inFlight = admin.get('/api/test/slow');
    await SlowController.started;
    const stopping = gateway.simulator.stop(10000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    SlowController.release();
    const response = await inFlight;
    expect(response.status).to.equal(200);
    expect(response.headers.get('connection')).to.equal('close');
    const released = Date.now();
    await stopping;
    expect(Date.now() - released, 'the store closes as soon as the last request is answered').to.be.below(2000);
    await gateway.stop();
  });
});
