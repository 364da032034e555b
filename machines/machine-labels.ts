/**
 * A machine's states, events and guards in words, for the people who read its diagram (issue 55 §9).
 * The machine keeps its code names; its labels file beside it is the one place the words live.
 */
export interface MachineLabels {
  /** By state id ('swmsReview.companyAdmin.forReview'): what a person calls the state. */
  readonly states: Readonly<Record<string, string>>;
  /**
   * By event type: what the person does, or what happened. An invoked actor's answer is
   * 'xstate.done.actor.<id>' or 'xstate.error.actor.<id>'; a named delay is 'xstate.after.<delay>'.
   */
  readonly events: Readonly<Record<string, string>>;
  /** By guard name (a composite as the diagram names it: 'not(isComplete)'): the condition, read after 'if'. */
  readonly guards: Readonly<Record<string, string>>;
}
