import { test } from '@playwright/test';
import { describeModel } from './runner';
import { swmsOutboxModel } from './swms-outbox.model';

// Its SWMS go to Harbour Build Co's admin, whose review digest comes at most once an hour: on a shared portal it
// takes the digest tradesperson.spec.ts waits for. It needs a company of its own before it runs in the suite.
test.fixme(true, 'shares the demo admin’s hourly review digest with tradesperson.spec.ts; needs a company of its own');
describeModel(swmsOutboxModel);
