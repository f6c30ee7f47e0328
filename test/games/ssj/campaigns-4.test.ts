/** Bot campaigns 150–199 of the 200 (see campaign.ts): each runs to a result with every check holding. */
import { campaignSuite } from './campaign';

campaignSuite(150, 200);
