/** Bot campaigns 100–149 of the 200 (see campaign.ts): each runs to a result with every check holding. */
import { campaignSuite } from './campaign';

campaignSuite(100, 150);
