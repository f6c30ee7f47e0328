/** Bot campaigns 0–49 of the 200 (see campaign.ts): each runs to a result with every check holding. */
import { campaignSuite } from './campaign';

campaignSuite(0, 50);
