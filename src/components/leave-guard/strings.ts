export const leaveGuardText = {
  title: 'Leave without saving?',
  lead: 'What you typed in this form has not been saved and will be lost.',
  stay: 'Keep editing',
  leave: 'Leave',
} as const;
