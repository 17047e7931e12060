import listed from '../../modules.json';
import { REMOTE_NAMES } from './site';

test('the contract names the remotes of the one list of modules, in its order', () => {
  expect(REMOTE_NAMES).toEqual(listed.modules.filter((m) => !('host' in m)).map((m) => m.federationName));
  expect(listed.modules.filter((m) => 'host' in m).map((m) => m.dir)).toEqual(['shell']);
});
