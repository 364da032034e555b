import { describeModel } from './runner';
import { tradesHomeModel } from './trades-home.model';

describeModel(tradesHomeModel);
