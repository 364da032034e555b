import { describeModel } from './runner';
import { siteEditorModel } from './site-editor.model';

describeModel(siteEditorModel);
