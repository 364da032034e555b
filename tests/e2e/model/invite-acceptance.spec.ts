import { describeModel } from './runner';
import { inviteAcceptanceModel } from './invite-acceptance.model';

describeModel(inviteAcceptanceModel);
