import { describeModel } from './runner';
import { tradesProfileModel } from './trades-profile.model';

describeModel(tradesProfileModel);
