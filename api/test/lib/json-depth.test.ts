import { exceedsJsonDepth } from '../../src/lib/json-depth';

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays opened inside one another', () => {
    expect(exceedsJsonDepth('[[[]]]', 3)).toBe(false);
    expect(exceedsJsonDepth('[[[[]]]]', 3)).toBe(true);
    expect(exceedsJsonDepth('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(exceedsJsonDepth('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('counts siblings once, not their sum', () => {
    expect(exceedsJsonDepth(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth('{"a":"[[[[[[","b":"\\"[[[[["}', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a":"\\\\",  "b":[[1]]}', 2)).toBe(true);
  });
});
