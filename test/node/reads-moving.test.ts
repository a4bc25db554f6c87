import { runFolder } from '../suite';

runFolder(`${__dirname}/reads-moving`);
