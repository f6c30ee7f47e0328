/** Bot campaigns 50–99 of the 200 (see campaign.ts): each runs to a result with every check holding. */
import { campaignSuite } from './campaign';

campaignSuite(50, 100);
