/** Sky, Sea, and JUNGLE's fog, campaigns 0–1 (docs/fog.md: the SSJ slices of npm test are ssj-1 to ssj-4; the soak is `npm run fog -- ssj N 100`). */
import { ssjSpec } from '../support/fog/games/ssj';
import { fogSlice } from '../support/fog/suite';

fogSlice('Sky, Sea, and JUNGLE', ssjSpec, 0, 2);
