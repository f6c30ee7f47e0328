/** Sky, Sea, and JUNGLE's fog, campaigns 6–7 (campaign 5, about 2,400 steps, would take this file past 90 s: `npm run fog -- ssj 1 5` plays it). See ssj-1.test.ts. */
import { ssjSpec } from '../support/fog/games/ssj';
import { fogSlice } from '../support/fog/suite';

fogSlice('Sky, Sea, and JUNGLE', ssjSpec, 6, 2);
