import { runFolder } from '../suite';

runFolder(`${__dirname}/hostile-hunt`);
