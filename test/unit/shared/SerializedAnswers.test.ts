import { expect } from 'chai';
import { SerializedAnswers } from '../../../src/shared/interface/http/SerializedAnswers.js';

describe('SerializedAnswers: a JSON answer serialised once per kept value', () => {
  it('renders a kept value once per variant, and another value afresh', () => {
    const answers = new SerializedAnswers<readonly string[], string>();
    let renders = 0;
    const render = (list: readonly string[], variant: string) => () => {
      renders += 1;
      return list.map((item) => `${variant}:${item}`);
    };
    const kept = Object.freeze(['a', 'b']);
    expect(answers.reply(kept, 'x', render(kept, 'x')).body).to.equal('["x:a","x:b"]');
    expect(answers.reply(kept, 'x', render(kept, 'x')).body).to.equal('["x:a","x:b"]');
    expect(renders).to.equal(1);
    expect(answers.reply(kept, 'y', render(kept, 'y')).body).to.equal('["y:a","y:b"]');
    const replaced = Object.freeze(['a', 'b', 'c']);
    expect(answers.reply(replaced, 'x', render(replaced, 'x')).body).to.equal('["x:a","x:b","x:c"]');
    expect(renders).to.equal(3);
  });

  it('answers as JSON, the same content type as any JSON answer', () => {
    const reply = new SerializedAnswers<object>().reply({}, undefined, () => ({ n: 1 }));
    expect(reply.contentType).to.equal('application/json; charset=utf-8');
    expect(reply.body).to.equal('{"n":1}');
  });

  it('keeps nothing when rendering fails: the next read renders (and fails) again', () => {
    const answers = new SerializedAnswers<object>();
    const key = {};
    let renders = 0;
    const failing = () => {
      renders += 1;
      throw new Error('a node without a display name');
    };
    expect(() => answers.reply(key, undefined, failing)).to.throw('a node without a display name');
    expect(() => answers.reply(key, undefined, failing)).to.throw('a node without a display name');
    expect(renders).to.equal(2);
  });
});
