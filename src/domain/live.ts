import { Schema } from 'effect';

/** What changed in a company, so the screens that show it fetch it again (issue 8 live updates; 'signons' for issue 57's sign-ons and gap lists). */
const liveTopics = ['swms', 'sites', 'onsite', 'signons'] as const;
export type LiveTopic = (typeof liveTopics)[number];

/** Sent to every open screen of the company when a change may have been missed (the server lost its database for a while). */
export const everyTopic = 'all';

export const LiveChange = Schema.Struct({ topic: Schema.Literals([...liveTopics, everyTopic]) });
export type LiveChange = typeof LiveChange.Type;
