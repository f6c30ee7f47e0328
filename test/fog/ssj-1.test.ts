/** Sky, Sea, and JUNGLE's fog, campaigns 0–1, the ones npm test checks (docs/fog.md; the soak is `npm run fog -- ssj N`). */
import { ssjSpec } from '../support/fog/games/ssj';
import { fogSlice } from '../support/fog/suite';

fogSlice('Sky, Sea, and JUNGLE', ssjSpec, 0, 2);
