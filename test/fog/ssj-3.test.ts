/** Sky, Sea, and JUNGLE's fog, campaigns 3–4. See ssj-1.test.ts. */
import { ssjSpec } from '../support/fog/games/ssj';
import { fogSlice } from '../support/fog/suite';

fogSlice('Sky, Sea, and JUNGLE', ssjSpec, 3, 2);
