/** East Wind Rain's fog, matches 100–199 of the 200 that npm test checks (docs/fog.md). */
import { ewrSpec } from '../support/fog/games/ewr';
import { fogSlice } from '../support/fog/suite';

fogSlice('East Wind Rain', ewrSpec, 100, 100);
