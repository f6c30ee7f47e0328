/** East Wind Rain's fog, matches 0–99 of the 200 that npm test checks (docs/fog.md). */
import { ewrSpec } from '../support/fog/games/ewr';
import { fogSlice } from '../support/fog/suite';

fogSlice('East Wind Rain', ewrSpec, 0, 100);
