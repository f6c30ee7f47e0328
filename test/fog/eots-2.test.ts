/** Empire of the Sun's submarine warfare fog, matches 100–199 of the 200 that npm test checks (docs/fog.md). */
import { eotsSpec } from '../support/fog/games/eots';
import { fogSlice } from '../support/fog/suite';

fogSlice('Empire of the Sun (submarine warfare)', eotsSpec, 100, 100);
