import { runFolder } from '../suite';
import { restPart } from './reports-aged-part';

runFolder(`${__dirname}/reports-aged`, restPart);
