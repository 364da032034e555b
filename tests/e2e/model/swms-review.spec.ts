import { describeModel } from './runner';
import { swmsReviewModel } from './swms-review.model';

describeModel(swmsReviewModel);
