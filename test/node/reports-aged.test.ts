import { runFolder } from '../suite';

runFolder(`${__dirname}/reports-aged`);
