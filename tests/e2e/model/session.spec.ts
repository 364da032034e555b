import { describeModel } from './runner';
import { sessionModel } from './session.model';

describeModel(sessionModel);
