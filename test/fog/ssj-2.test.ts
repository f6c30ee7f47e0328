/** Sky, Sea, and JUNGLE's fog, campaign 2 (a long one: about 2,400 steps). See ssj-1.test.ts. */
import { ssjSpec } from '../support/fog/games/ssj';
import { fogSlice } from '../support/fog/suite';

fogSlice('Sky, Sea, and JUNGLE', ssjSpec, 2, 1);
