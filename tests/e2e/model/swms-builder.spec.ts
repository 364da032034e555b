import { describeModel } from './runner';
import { swmsBuilderModel } from './swms-builder.model';

describeModel(swmsBuilderModel);
