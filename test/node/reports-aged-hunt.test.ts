import { runFolder } from '../suite';
import { huntPart } from './reports-aged-part';

runFolder(`${__dirname}/reports-aged`, huntPart);
