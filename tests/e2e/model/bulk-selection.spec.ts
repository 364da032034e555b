import { describeModel } from './runner';
import { bulkSelectionModel } from './bulk-selection.model';

describeModel(bulkSelectionModel);
