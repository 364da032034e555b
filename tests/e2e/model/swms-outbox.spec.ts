import { describeModel } from './runner';
import { swmsOutboxModel } from './swms-outbox.model';

describeModel(swmsOutboxModel);
