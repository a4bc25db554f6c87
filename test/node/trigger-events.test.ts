import { runFolder } from '../suite';

runFolder(`${__dirname}/trigger-events`);
